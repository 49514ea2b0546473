import type { FastifyReply } from 'fastify';

/**
 * The app's pages run only our own scripts: no inline script (the pre-paint colour/direction
 * snippet is public/boot.js), nothing loaded from elsewhere, never framed (public reports too:
 * a report is shared as a link or a PDF, not embedded; clickjacking a signed-in screen is the
 * risk this closes). Styles may be inline because Mantine and the captcha widget write <style>
 * and style attributes at run time; images may come from https because article previews show
 * the outlet's own picture. The captcha solves its proof of work in a Worker built from a data:
 * or blob: URL. Frames: only the two video players (YouTube's privacy-enhanced embed, Twitch's
 * player) that the video and stream detail modals show.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob: data:",
  'frame-src https://www.youtube-nocookie.com https://player.twitch.tv',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The API explorer (Swagger UI at /api/docs): its own scripts and styles from our origin (its page
 * has no inline script; its components set style attributes), the OpenAPI document from ours,
 * never framed.
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Headers on every answer (unless the route set its own): the page policy on HTML answers (the
 * API explorer gets its own), and `Cache-Control: no-store` on every answer to a request that
 * carries credentials — a shared or back-button cache must never keep a person's data.
 */
export function applySecurityHeaders(reply: FastifyReply): void {
  reply.header('x-content-type-options', 'nosniff');
  // A route may ask for a stricter policy (an export's secret download link: no-referrer).
  if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  const type = String(reply.getHeader('content-type') ?? '');
  if (type.startsWith('text/html')) {
    reply.header('content-security-policy', reply.request.url.startsWith('/api/docs') ? DOCS_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY);
    reply.header('x-frame-options', 'DENY');
  }
  if (reply.request.headers.authorization && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
}
