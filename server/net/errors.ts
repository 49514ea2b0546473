/**
 * The one error type of outgoing HTTP. `message` is shown to people (the website page shows a
 * feed's last error), so it says what happened in plain words, never a stack or errno.
 */
export type FetchErrorCode = 'blocked_address' | 'invalid_url' | 'timeout' | 'too_large' | 'too_many_redirects' | 'http_status' | 'network' | 'empty_body';

export class FetchError extends Error {
  readonly code: FetchErrorCode;
  /** The HTTP status, for `http_status`. */
  readonly status?: number;
  /** Seconds the server asked us to wait (429/503 `Retry-After`). */
  readonly retryAfterSeconds?: number;
  /**
   * For `http_status`: the start of the decoded response body (at most `SNIPPET_CHARS`),
   * where services put their own error code (Slack's `no_service`, Discord's JSON
   * `retry_after`). Untrusted text from the remote server: never show it as HTML.
   */
  readonly bodySnippet?: string;
  /** For `http_status`: the response headers, lower-cased (without `set-cookie`). */
  readonly headers?: Record<string, string>;
  /** For `network`: what failed (name lookup, refused, reset, the TLS handshake), for classifying it. */
  readonly network?: NetworkFailure;

  constructor(code: FetchErrorCode, message: string, extra: FetchErrorExtra = {}) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'FetchError';
    this.code = code;
    if (extra.status !== undefined) this.status = extra.status;
    if (extra.retryAfterSeconds !== undefined) this.retryAfterSeconds = extra.retryAfterSeconds;
    if (extra.bodySnippet !== undefined) this.bodySnippet = extra.bodySnippet;
    if (extra.headers !== undefined) this.headers = extra.headers;
    if (extra.network !== undefined) this.network = extra.network;
  }
}

export type NetworkFailure = 'dns' | 'refused' | 'reset' | 'tls' | 'other';

export interface FetchErrorExtra {
  network?: NetworkFailure;
  status?: number;
  retryAfterSeconds?: number;
  bodySnippet?: string;
  headers?: Record<string, string>;
  cause?: unknown;
}

/** How much of an error response's body a `FetchError` keeps. */
export const SNIPPET_CHARS = 300;

export const FETCH_MESSAGES = {
  blocked: 'This address points to a private network and cannot be fetched',
  invalidUrl: 'This is not a valid web address (only http and https addresses can be fetched)',
  credentials: 'Addresses with a user name or password cannot be fetched',
  timeout: (seconds: number) => `The site did not answer within ${seconds} seconds`,
  tooLarge: (mib: number) => `The response is too large (more than ${mib} MB)`,
  tooManyRedirects: (n: number) => `Too many redirects (more than ${n})`,
  redirectLoop: 'The site redirects in a loop',
  badRedirect: 'The site redirected to an invalid address',
  empty: 'The site returned an empty response',
  status: (status: number, text: string) => `The site answered ${status}${text ? ` ${text}` : ''}`,
  notFoundHost: (host: string) => `The host ${host} could not be found`,
  refused: (host: string) => `The connection to ${host} was refused`,
  reset: (host: string) => `The connection to ${host} was closed unexpectedly`,
  tls: (host: string) => `A secure connection to ${host} could not be established`,
  badEncoding: 'The response could not be decompressed',
  network: (host: string) => `Could not connect to ${host}`,
} as const;
