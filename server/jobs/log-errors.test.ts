import pino from 'pino';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { errorFields, errorSerializers } from './log-errors.js';

/** An error as node-postgres raises it: the client that failed hangs off it. */
function pgError() {
  const err = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL' });
  const client = { connectionParameters: { password: 'secret-pw' }, queryQueue: new Array(50).fill({ text: 'select 1'.repeat(20) }) };
  return Object.assign(err, { client, cause: Object.assign(new Error('socket closed'), { client }) });
}

describe('errorFields', () => {
  it('keeps type, message, code, stack and cause, and nothing the error holds', () => {
    const fields = errorFields(pgError());
    expect(Object.keys(fields).sort()).toEqual(['cause', 'code', 'message', 'stack', 'type']);
    expect(fields).toMatchObject({
      type: 'Error',
      message: 'terminating connection due to administrator command',
      code: '57P01',
      cause: { message: 'socket closed' },
    });
    expect(Object.keys(fields.cause!).sort()).toEqual(['message', 'stack', 'type']);
    expect(errorFields('plain text')).toEqual({ type: 'string', message: 'plain text' });
  });

  it('a logger with errorSerializers writes no client into the line', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    pino({ serializers: errorSerializers }, sink).error({ err: pgError() }, 'job queue error');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('57P01');
    expect(lines[0]).not.toContain('secret-pw');
    expect(lines[0]).not.toContain('queryQueue');
  });
});
