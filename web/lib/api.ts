import { MSG } from '../../common/messages';
import { statusMessage } from '../../common/messages/status';
import type { ErrorObject, ListMeta } from '../../common/schemas/jsonapi';

/** The access token lives in local storage (spec 001 §6). */
const TOKEN_KEY = 'coverwatch.token';

export const tokenStore = {
  get: (): string | null => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

/** A JSON:API error object (the server's, common/schemas/jsonapi). */
export type ApiErrorObject = ErrorObject;

/** A failed call: `status` -1 means no response ("Network request fail"). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiErrorObject[],
    message?: string,
  ) {
    super(message ?? errors[0]?.detail ?? statusMessage(status));
  }

  get code(): string | undefined {
    return this.errors[0]?.code;
  }

  /** Field errors keyed by the last segment of their pointer (`/data/attributes/name` → `name`). */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const e of this.errors) {
      const key = e.source?.pointer?.split('/').filter(Boolean).pop();
      if (key && !out[key]) out[key] = e.detail;
    }
    return out;
  }
}

export interface JsonApiResource<A = Record<string, unknown>> {
  type: string;
  id: string;
  attributes: A;
  relationships?: Record<string, { data: { type: string; id: string } | null | { type: string; id: string }[] }>;
}

export type { ListMeta };

export interface ListDocument<A> {
  data: JsonApiResource<A>[];
  meta: ListMeta;
}

/** Listeners told when a call answers 401 (the session ended). */
const unauthorizedListeners = new Set<() => void>();
export function onUnauthorized(fn: () => void) {
  unauthorizedListeners.add(fn);
  return () => unauthorizedListeners.delete(fn);
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Public calls (sign-up, public report) send no token. */
  public?: boolean;
  accept?: string;
  signal?: AbortSignal;
  /** Told the answer's HTTP status before the body is read (a 200 and a 201 may mean different things). */
  onStatus?: (status: number) => void;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = new URL(`/api/${path.replace(/^\/+/, '')}`, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  return url.pathname + url.search;
}

/** Calls the API; resolves with the parsed body (or the Response for non-JSON answers). */
export async function apiFetch<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: opts.accept ?? 'application/vnd.api+json' };
  const token = tokenStore.get();
  if (token && !opts.public) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/vnd.api+json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), { method: opts.method ?? 'GET', headers, body, signal: opts.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(-1, [], MSG.networkFail);
  }
  if (res.status === 401 && !opts.public) unauthorizedListeners.forEach((fn) => fn());
  opts.onStatus?.(res.status);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json')) {
    if (!res.ok) throw new ApiError(res.status, []);
    return res as unknown as T;
  }
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(res.status, Array.isArray(json.errors) ? json.errors : []);
  return json as T;
}

/** Flattens a JSON:API resource: id plus attributes (spec: "data is flattened"). */
export function flatten<A>(r: JsonApiResource<A>): A & { id: string } {
  return { id: r.id, ...r.attributes };
}

/** A document whose `data` is either a resource's attributes or the resource (routes answer both shapes). */
export type MaybeResource<A> = { data: A | { attributes: A } };

/** The attributes of a MaybeResource document, whichever shape it has. */
export const attributesOf = <A>(doc: MaybeResource<A>): A =>
  doc.data && typeof doc.data === 'object' && 'attributes' in (doc.data as object) ? (doc.data as { attributes: A }).attributes : (doc.data as A);

/** Query parameters for a list call in the JSON:API spelling. */
export function listQuery(opts: {
  page?: number;
  pageSize?: number;
  sort?: string;
  filter?: Record<string, string | number | boolean | undefined | null>;
}): Record<string, string | number | boolean | undefined | null> {
  const q: Record<string, string | number | boolean | undefined | null> = {};
  if (opts.page) q['page[page]'] = opts.page;
  if (opts.pageSize) q['page[page_size]'] = opts.pageSize;
  if (opts.sort) q.sort = opts.sort;
  for (const [k, v] of Object.entries(opts.filter ?? {})) q[`filter[${k}]`] = v;
  return q;
}

/** Downloads a list as CSV (Accept: text/csv) under `filename`. */
export async function downloadCsv(path: string, query: RequestOptions['query'], filename: string) {
  const res = await apiFetch<Response>(path, { query, accept: 'text/csv' });
  const blob = await res.blob();
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `${filename}.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
