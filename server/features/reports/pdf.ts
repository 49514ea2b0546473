import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { MSG } from '../../../common/messages.js';
import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';
import { getBrowser, newGuardedContext, type BrowserLog } from '../../net/browser.js';

/**
 * A report as PDF: headless Chromium prints the app's own public page `/p/r/{id}?print=1`
 * once the page says it has drawn its data and charts (`document.body.dataset.reportReady`
 * is "true" — the contract with web/features/reports; "error" when it could not, which
 * fails at once instead of after the timeout). A4, backgrounds on. Japanese, Chinese and Korean
 * text prints with the fonts the browser is given (net/packaged-chromium.ts: Noto Sans JP/SC/KR,
 * beside the system's), so no system font package is needed.
 */
const READY_TIMEOUT_MS = 25_000;
const REQUEST_TIMEOUT_MS = 20_000;
/** Prints at once per process, and how many may wait: a print holds a Chromium page for seconds. */
const MAX_ACTIVE = 2;
const MAX_WAITING = 8;

let active = 0;
const waiting: (() => void)[] = [];

async function acquire(): Promise<() => void> {
  if (active >= MAX_ACTIVE) {
    if (waiting.length >= MAX_WAITING) throw new AppError('unavailable', MSG.reports.pdfBusy);
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  active++;
  return () => {
    active--;
    waiting.shift()?.();
  };
}

/**
 * Where this server's web app answers: PUBLIC_URL when set (it must be reachable from this
 * machine), else the address this process listens on.
 */
export function ownBaseUrl(app: FastifyInstance, config: Pick<Config, 'publicUrl'>): string | null {
  if (config.publicUrl) return config.publicUrl.replace(/(?<!\/)\/+$/, '');
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return null;
  const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** `Quarterly review: Ünïcode!` → `quarterly-review-unicode`. */
export function pdfFilename(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|(?<!-)-+$/g, '')
    .slice(0, 80)
    .replace(/(?<!-)-+$/, '');
  return `${slug || 'report'}.pdf`;
}

export async function printReportPdf(deps: { config: Config; log?: BrowserLog }, baseUrl: string | null, reportId: string): Promise<Buffer> {
  const browser = await getBrowser(deps.config.browser.chromiumPath, deps.log);
  if (!browser) throw new AppError('unavailable', MSG.reports.pdfUnavailable);
  if (!baseUrl) throw new AppError('unavailable', MSG.reports.pdfFailed);
  const release = await acquire();
  // The page is ours; what it embeds from elsewhere (description images) goes through the SSRF guard.
  const context = await newGuardedContext(browser, {
    allowPrivate: deps.config.allowPrivateNetwork,
    allowOrigin: new URL(baseUrl).origin,
    timeoutMs: REQUEST_TIMEOUT_MS,
    viewport: { width: 1240, height: 1754 },
  });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/p/r/${encodeURIComponent(reportId)}?print=1`, { waitUntil: 'domcontentloaded', timeout: REQUEST_TIMEOUT_MS });
    const signal = await page
      .waitForFunction(() => ['true', 'error'].includes(document.body?.dataset.reportReady ?? '') && document.body.dataset.reportReady, undefined, {
        timeout: READY_TIMEOUT_MS,
      })
      .then((h) => h.jsonValue())
      .catch((err) => {
        deps.log?.warn({ err, reportId }, 'report page did not signal reportReady');
        throw new AppError('unavailable', MSG.reports.pdfFailed);
      });
    if (signal !== 'true') throw new AppError('unavailable', MSG.reports.pdfFailed);
    return await page.pdf({ format: 'A4', printBackground: true, margin: { top: '10mm', bottom: '10mm', left: '8mm', right: '8mm' } });
  } catch (err) {
    if (err instanceof AppError) throw err;
    deps.log?.warn({ err, reportId }, 'report PDF failed');
    throw new AppError('unavailable', MSG.reports.pdfFailed);
  } finally {
    await context.close().catch(() => {});
    release();
  }
}
