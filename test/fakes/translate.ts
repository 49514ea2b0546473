import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local LibreTranslate speaking its wire format: `POST /translate` with JSON
 * `{ q, source, target, format, api_key? }` → `{ translatedText, detectedLanguage? }`, errors as
 * an HTTP status with `{ error }`. The "translation" is deterministic: `[target] ` + the text
 * with its words reversed, so tests can tell it from the input. Texts containing a word of
 * `FRENCH_WORDS` are detected as French, others as Spanish.
 */

export interface FakeTranslateRequest {
  path: string;
  body: Record<string, unknown>;
}

export interface FakeTranslate {
  url: string;
  /** TRANSLATE_* variables pointing the app at this fake. */
  env: Record<string, string>;
  apiKey: string;
  requests: FakeTranslateRequest[];
  /** The next answers fail with this status (500 = internal error, 429 = slow down) until cleared. */
  failWith: number | null;
  close(): Promise<void>;
}

const FRENCH_WORDS = ['le', 'la', 'les', 'est', 'une', 'des', 'jeu'];

export const fakeTranslation = (text: string, target: string) => `[${target}] ${text.split(/\s+/).reverse().join(' ')}`;

export async function startFakeTranslate(opts: { apiKey?: string } = {}): Promise<FakeTranslate> {
  const apiKey = opts.apiKey ?? 'fake-translate-key';
  const state = { requests: [] as FakeTranslateRequest[] };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        return send(400, { error: 'Invalid request: could not parse JSON' });
      }
      const path = (req.url ?? '/').split('?')[0];
      state.requests.push({ path, body });
      if (req.method !== 'POST' || path !== '/translate') return send(404, { error: 'Not Found' });
      if (fake.failWith !== null) return send(fake.failWith, { error: 'Translation engine failure' });
      if (body.api_key !== apiKey) return send(403, { error: 'Invalid API key' });
      const { q, source, target } = body;
      if (typeof q !== 'string' || !q) return send(400, { error: 'Invalid request: missing q parameter' });
      if (typeof target !== 'string' || !target) return send(400, { error: 'Invalid request: missing target parameter' });
      if (typeof source !== 'string' || !source) return send(400, { error: 'Invalid request: missing source parameter' });
      const words = q.toLowerCase().split(/\W+/);
      const detected = words.some((w) => FRENCH_WORDS.includes(w)) ? 'fr' : 'es';
      const answer: Record<string, unknown> = { translatedText: fakeTranslation(q, target) };
      if (source === 'auto') answer.detectedLanguage = { confidence: 90, language: detected };
      send(200, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const fake: FakeTranslate = {
    url,
    env: { TRANSLATE_URL: url, TRANSLATE_API_KEY: apiKey },
    apiKey,
    get requests() {
      return state.requests;
    },
    failWith: null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
