/**
 * Stable error codes and their HTTP statuses. Services throw `AppError`; the error handler in
 * app.ts turns every error into a JSON:API error document.
 */
import type { ErrorObject } from '../../common/schemas/jsonapi.js';

export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  plan_limit: 403,
  no_org: 403,
  trial_expired: 403,
  no_customer: 403,
  not_found: 404,
  conflict: 409,
  /** A resource that existed and will not come back (a WebSub push to a feed we dropped). */
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  rate_limited: 429,
  internal: 500,
  /** An outside service we called failed. */
  bad_gateway: 502,
  unavailable: 503,
  /** An optional outside service is not configured on this installation (a state, not a failure). */
  not_connected: 503,
  /** A search ran past its statement timeout (Super Search). */
  search_timeout: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export type { ErrorObject };

const TITLES: Record<ErrorCode, string> = {
  bad_request: 'Bad request',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  plan_limit: 'Upgrade required',
  no_org: 'NoOrg',
  trial_expired: 'Trial expired',
  no_customer: 'No customer',
  not_found: 'Not found',
  conflict: 'Conflict',
  gone: 'Gone',
  payload_too_large: 'Payload too large',
  unsupported_media_type: 'Unsupported media type',
  validation_failed: 'Invalid attribute',
  rate_limited: 'Too many requests',
  internal: 'Internal server error',
  bad_gateway: 'Bad gateway',
  unavailable: 'Service unavailable',
  not_connected: 'Not connected',
  search_timeout: 'Search timeout',
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    detail: string,
    readonly pointer?: string,
    readonly extra: ErrorObject[] = [],
  ) {
    super(detail);
    this.status = ERROR_STATUS[code];
  }

  toObjects(): ErrorObject[] {
    const first: ErrorObject = { status: String(this.status), code: this.code, title: TITLES[this.code], detail: this.message };
    if (this.pointer) first.source = { pointer: this.pointer };
    return [first, ...this.extra];
  }
}

export function errorObject(code: ErrorCode, detail: string, source?: ErrorObject['source']): ErrorObject {
  const o: ErrorObject = { status: String(ERROR_STATUS[code]), code, title: TITLES[code], detail };
  if (source) o.source = source;
  return o;
}

/** Many field problems at once (422 by default, as JSON:API suggests for semantic errors). */
export class ValidationError extends AppError {
  constructor(
    readonly errors: ErrorObject[],
    code: 'validation_failed' | 'bad_request' = 'validation_failed',
  ) {
    super(code, errors[0]?.detail ?? 'Invalid request', errors[0]?.source?.pointer);
  }
  override toObjects(): ErrorObject[] {
    return this.errors;
  }
}

export const notFound = (what = 'resource') => new AppError('not_found', `The ${what} was not found`);
export const forbidden = (detail: string) => new AppError('forbidden', detail);
export const fieldError = (pointer: string, detail: string) => new ValidationError([errorObject('validation_failed', detail, { pointer })]);
