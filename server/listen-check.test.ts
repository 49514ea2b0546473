import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../scripts/node-flags.mjs';
import { StartupError } from './lifecycle.js';
import { assertCanListen, listenProblem } from './listen-check.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let held: net.Server;
let port: number;

beforeAll(async () => {
  held = net.createServer();
  await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
  port = (held.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => held.close(() => resolve())));

describe('listenProblem', () => {
  it('says what to do for a taken port, a privileged port and a foreign address', () => {
    const taken = listenProblem(Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' }), '127.0.0.1', 3000);
    expect(taken).toBeInstanceOf(StartupError);
    expect(taken?.message).toBe(
      'Port 3000 on 127.0.0.1 is already in use: another program (or another Coverwatch) is listening there. Stop it, or start on a free port, for example PORT=3001 npm start.',
    );
    expect(listenProblem({ code: 'EACCES' }, '0.0.0.0', 80)?.message).toBe(
      'This user may not listen on port 80 (ports below 1024 need privileges). Start on another port, for example PORT=3000 npm start.',
    );
    expect(listenProblem({ code: 'EADDRNOTAVAIL' }, '192.0.2.1', 3000)?.message).toMatch(/^HOST=192\.0\.2\.1 is not an address of this machine\./);
    expect(listenProblem(new Error('something else'), '127.0.0.1', 3000)).toBeNull();
    expect(listenProblem(null, '127.0.0.1', 3000)).toBeNull();
  });
});

describe('assertCanListen', () => {
  it('rejects a port another program listens on, on its address and on every interface', async () => {
    await expect(assertCanListen('127.0.0.1', port)).rejects.toThrow(`Port ${port} on 127.0.0.1 is already in use`);
    await expect(assertCanListen('0.0.0.0', port)).rejects.toBeInstanceOf(StartupError);
  });

  it('resolves for a free port and leaves it free', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const free = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    await assertCanListen('127.0.0.1', free);
    await assertCanListen('127.0.0.1', free);
  });

  it('rejects an address that is not this machine’s', async () => {
    await expect(assertCanListen('192.0.2.1', 0)).rejects.toThrow('HOST=192.0.2.1 is not an address of this machine');
  });
});

/** Runs server/main.ts as scripts/start.mjs does (`undefined` in `env` removes a variable); resolves with its exit code and output. */
function runMain(args: string[], env: Record<string, string | undefined>): Promise<{ code: number | null; output: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', ...env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete childEnv[name];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/main.ts', ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: childEnv,
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (t: string) => (output += t));
    child.stderr.setEncoding('utf8').on('data', (t: string) => (output += t));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`main.ts did not exit within 60 s; output:\n${output}`));
    }, 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('npm start on a taken port', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-port-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const message = () => `Coverwatch cannot start: Port ${port} on 127.0.0.1 is already in use`;

  it('stops before anything starts, with one line and exit code 1 (the default start)', async () => {
    // No DATABASE_URL: the supervisor would start the embedded PostgreSQL, were the port checked after it.
    const { code, output } = await runMain([], { DATABASE_URL: undefined, DATA_DIR: dataDir });
    expect(code, output).toBe(1);
    expect(output).toContain(message());
    // No stack trace, no crash loop, no embedded database started, the data folder not claimed.
    expect(output).not.toMatch(/^ {4}at /m);
    expect(output).not.toContain('restarting');
    expect(output).not.toContain('embedded PostgreSQL');
    expect(fs.existsSync(path.join(dataDir, 'pg'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'coverwatch.pid'))).toBe(false);
  });

  it('says the same for a role started by hand, before it opens its database', async () => {
    // An unreachable database: were the port checked after it, the error would be the database's.
    const { code, output } = await runMain(['--role=api'], { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', DATA_DIR: dataDir });
    expect(code, output).toBe(1);
    expect(output).toContain(message());
    expect(output).not.toMatch(/^ {4}at /m);
  });
});
