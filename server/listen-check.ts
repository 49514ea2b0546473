import net from 'node:net';
import { StartupError } from './lifecycle.js';

/**
 * Why HOST:PORT cannot be listened on, in words a person can act on (a StartupError), or null
 * for an error that is not about the address.
 */
export function listenProblem(err: unknown, host: string, port: number): StartupError | null {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  const other = port === 3000 ? 3001 : 3000;
  if (code === 'EADDRINUSE') {
    return new StartupError(
      `Port ${port} on ${host} is already in use: another program (or another Coverwatch) is listening there. Stop it, or start on a free port, for example PORT=${other} npm start.`,
    );
  }
  if (code === 'EACCES') {
    return new StartupError(
      `This user may not listen on port ${port} (ports below 1024 need privileges). Start on another port, for example PORT=${other} npm start.`,
    );
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new StartupError(`HOST=${host} is not an address of this machine. Use 127.0.0.1 (this machine only) or 0.0.0.0 (every network interface).`);
  }
  return null;
}

/**
 * Resolves when HOST:PORT can be listened on, else rejects with listenProblem's StartupError.
 * Checked before anything starts (the embedded database, the children), so a taken port is
 * one clear line, not a crash loop or a foreign server answering our health check.
 */
export function assertCanListen(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err) => reject(listenProblem(err, host, port) ?? err));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}
