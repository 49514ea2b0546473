/**
 * A small client for a LibreTranslate-compatible service: `POST {url}/translate` with JSON
 * `{ q, source: 'auto', target, format: 'text', api_key? }`, answered with
 * `{ translatedText, detectedLanguage: { language, confidence } }` or, on failure, an HTTP error
 * status and `{ error }`. The base URL comes from configuration (`TRANSLATE_URL`) so that a
 * self-hosted instance, the public service or the tests' fake can be used alike.
 */

export interface TranslateSettings {
  url?: string;
  apiKey?: string;
}

export interface Translation {
  translatedText: string;
  /** Present when the source language was detected (`source: 'auto'`). */
  detectedLanguage: { language: string; confidence: number } | null;
}

/** Translation is not configured on this server (no TRANSLATE_URL). */
export class TranslateNotConfiguredError extends Error {
  constructor() {
    super('Translation is not configured');
    this.name = 'TranslateNotConfiguredError';
  }
}

/** The service answered with an error, an unreadable body, timed out or could not be reached. */
export class TranslateRequestError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'TranslateRequestError';
  }
}

const MAX_BODY_CHARS = 200_000;

export class TranslateClient {
  private readonly timeoutMs: number;

  constructor(
    private readonly settings: TranslateSettings,
    opts: { timeoutMs?: number } = {},
  ) {
    this.timeoutMs = opts.timeoutMs ?? 10_000;
  }

  get configured(): boolean {
    return Boolean(this.settings.url);
  }

  /** Translates `text` to `target`, detecting the source language. */
  async translate(text: string, target = 'en'): Promise<Translation> {
    if (!this.settings.url) throw new TranslateNotConfiguredError();
    const body: Record<string, string> = { q: text, source: 'auto', target, format: 'text' };
    if (this.settings.apiKey) body.api_key = this.settings.apiKey;
    let res: Response;
    try {
      res = await fetch(`${this.settings.url.replace(/(?<!\/)\/+$/, '')}/translate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError';
      throw new TranslateRequestError(timedOut ? 'The translation service timed out' : 'The translation service could not be reached', null);
    }
    const raw = (await res.text()).slice(0, MAX_BODY_CHARS);
    let json: { translatedText?: unknown; detectedLanguage?: { language?: unknown; confidence?: unknown }; error?: unknown } | null;
    try {
      json = JSON.parse(raw);
    } catch {
      json = null;
    }
    if (!res.ok) {
      const detail = json && typeof json.error === 'string' ? json.error : res.statusText;
      throw new TranslateRequestError(`The translation service answered ${res.status}${detail ? `: ${detail}` : ''}`, res.status);
    }
    if (!json || typeof json.translatedText !== 'string') throw new TranslateRequestError('The translation service sent an unreadable answer', res.status);
    const d = json.detectedLanguage;
    return {
      translatedText: json.translatedText,
      detectedLanguage: d && typeof d.language === 'string' ? { language: d.language, confidence: typeof d.confidence === 'number' ? d.confidence : 0 } : null,
    };
  }
}
