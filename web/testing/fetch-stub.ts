import { vi } from 'vitest';

export interface StubRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

export interface StubResponse {
  status?: number;
  body?: unknown;
  contentType?: string;
}

/**
 * Replaces `fetch` with a handler answering from memory (no network). Returns the list of
 * requests made, for assertions.
 */
export function stubFetch(handler: (req: StubRequest) => StubResponse | Promise<StubResponse>) {
  const calls: StubRequest[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const raw = init?.body;
    const req: StubRequest = {
      method: init?.method ?? 'GET',
      url,
      headers: (init?.headers as Record<string, string>) ?? {},
      body: typeof raw === 'string' ? JSON.parse(raw) : raw,
    };
    calls.push(req);
    const res = await handler(req);
    const status = res.status ?? 200;
    if (status === 204) return new Response(null, { status });
    const contentType = res.contentType ?? 'application/vnd.api+json';
    const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? {});
    return new Response(text, { status, headers: { 'content-type': contentType } });
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

/** A JSON:API list document for `rows` (each with an id and attributes). */
export function listDocument(type: string, rows: Record<string, unknown>[], page: number, pageSize: number, total = rows.length) {
  return {
    data: rows.map(({ id, ...attributes }) => ({ type, id: String(id), attributes })),
    meta: { total_entries: total, last_page: Math.max(1, Math.ceil(total / pageSize)), page_number: page, page_size: pageSize },
  };
}
