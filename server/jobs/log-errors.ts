/**
 * What a log line keeps of an error: its type, message, code and stack, and the same of its
 * cause. Errors from node-postgres and pg-boss carry their client, pool or query objects as
 * properties; pino's standard serializer copies every enumerable property, so one such error
 * used to print kilobytes of connection state. Nothing else of the error is logged.
 */
export interface LoggedError {
  type: string;
  message: string;
  code?: string;
  stack?: string;
  cause?: LoggedError;
}

export function errorFields(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err) };
  const code = (err as { code?: unknown }).code;
  const out: LoggedError = { type: err.name || err.constructor?.name || 'Error', message: err.message };
  if (typeof code === 'string' || typeof code === 'number') out.code = String(code);
  if (typeof err.stack === 'string') out.stack = err.stack;
  if (err.cause !== undefined && depth < 3) out.cause = errorFields(err.cause, depth + 1);
  return out;
}

/** pino serializers for `err` and `error`, so that every `log.x({ err }, …)` goes through errorFields. */
export const errorSerializers = { err: (err: unknown) => errorFields(err), error: (err: unknown) => errorFields(err) };
