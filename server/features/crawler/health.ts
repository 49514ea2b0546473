import { STALE_DAYS, type FeedHealth } from '../../../common/schemas/sources.js';
import { FetchError } from '../../net/http-client.js';
import { FeedParseError } from './parse-feed.js';

/**
 * A feed's health: why its last poll failed, in one of FEED_HEALTH's words and one sentence a
 * person understands (the website page shows it; the Websites list filters by it; /metrics
 * counts it). Only what the feed's site did is classified: a failure of our own (the database)
 * says nothing about the feed and leaves its health as it was.
 */
export interface HealthVerdict {
  health: FeedHealth;
  detail: string | null;
}

/** Anti-bot services' marks on a refusal (reference §15): a challenge page instead of the feed. */
const CHALLENGE_HEADERS = ['x-datadome', 'x-sucuri-block', 'x-sucuri-id'];
const CHALLENGE_BODY =
  /<title>\s*(?:Just a moment\.\.\.|Attention Required!|Access denied|Checking your browser)|_cf_chl_opt|\/cdn-cgi\/challenge-platform\/|captcha-delivery\.com|_Incapsula_Resource|Reference&#32;#|Access Denied<\/H1>/i;

/** Which anti-bot service refused us, if the answer says so; null for an ordinary 403/503. */
export function challengeOf(status: number, headers: Record<string, string>, body: string | undefined): string | null {
  const mitigated = headers['cf-mitigated']?.toLowerCase();
  if (mitigated === 'challenge' || mitigated === 'block') return 'Cloudflare';
  if (status !== 403 && status !== 503 && status !== 429) return null;
  if (CHALLENGE_HEADERS.some((h) => h in headers)) return headers['x-datadome'] !== undefined ? 'DataDome' : 'Sucuri';
  const server = headers.server?.toLowerCase() ?? '';
  if (body && CHALLENGE_BODY.test(body)) {
    if (server.includes('cloudflare') || /_cf_chl_opt|cdn-cgi/.test(body)) return 'Cloudflare';
    if (server.includes('akamai')) return 'Akamai';
    if (/captcha-delivery/.test(body)) return 'DataDome';
    if (/_Incapsula_/.test(body)) return 'Imperva';
    return 'an anti-bot service';
  }
  return null;
}

const minutes = (seconds: number) => (seconds < 90 ? `${seconds} seconds` : `${Math.round(seconds / 60)} minutes`);

/** The verdict on a failed poll, or null when the failure is ours (the feed's health stays). */
export function classifyFailure(err: unknown): HealthVerdict | null {
  if (err instanceof FeedParseError) {
    return {
      health: 'not_a_feed',
      detail: `${err.message}. The address may now be a web page: Coverwatch will look for the feed again on the outlet's homepage.`,
    };
  }
  if (!(err instanceof FetchError)) return null;
  switch (err.code) {
    case 'http_status':
      return classifyStatus(err);
    case 'timeout':
      return { health: 'timeout', detail: `${err.message}: the site is slow or overloaded; it is tried again later.` };
    case 'too_large':
      return { health: 'too_large', detail: `${err.message}: Coverwatch reads feeds up to that size.` };
    case 'empty_body':
      return { health: 'not_a_feed', detail: `${err.message} instead of a feed.` };
    case 'network':
      if (err.network === 'tls') return { health: 'tls', detail: `${err.message}: its security certificate is invalid, expired or for another name.` };
      return { health: 'unreachable', detail: `${err.message}.` };
    case 'blocked_address':
    case 'invalid_url':
    case 'too_many_redirects':
      return { health: 'unreachable', detail: `${err.message}.` };
  }
}

function classifyStatus(err: FetchError): HealthVerdict {
  const status = err.status ?? 0;
  const service = challengeOf(status, err.headers ?? {}, err.bodySnippet);
  if (service) {
    return {
      health: 'blocked',
      detail: `The site answered ${status} with a ${service} challenge page instead of the feed: it blocks automated readers. Ask the outlet to allow Coverwatch's crawler, or use its news sitemap.`,
    };
  }
  if (status === 404 || status === 410) {
    const what = status === 404 ? '404 Not Found' : '410 Gone';
    return {
      health: 'not_found',
      detail: `The feed address answers ${what}: the outlet has moved or removed its feed. Coverwatch looks for it again on the outlet's homepage.`,
    };
  }
  if (status === 429) {
    const wait = err.retryAfterSeconds ? `; it asked us to wait ${minutes(err.retryAfterSeconds)}` : '';
    return { health: 'rate_limited', detail: `The site answered 429 Too Many Requests${wait}. Polls of this feed slow down.` };
  }
  if (status === 401 || status === 403) {
    return { health: 'blocked', detail: `The site refuses the feed to Coverwatch (${status}): it may require a login or block automated readers.` };
  }
  return { health: 'unreachable', detail: `${err.message}: the site's server has a problem; it is tried again with growing pauses.` };
}

/**
 * The verdict on a successful poll: `ok` while the feed carries something recent, `stale` once it
 * parses but its newest item, and the last article it brought us, are older than STALE_DAYS (the
 * outlet may publish elsewhere now). `newestItemAt` is unknown for a 304 or undated items: then
 * only what the feed last brought counts.
 */
export function classifySuccess(newestItemAt: Date | null, lastNewAt: Date | null, now: Date): HealthVerdict {
  const fresh = (d: Date | null) => d !== null && now.getTime() - d.getTime() < STALE_DAYS * 86_400_000;
  if (fresh(newestItemAt) || fresh(lastNewAt)) return { health: 'ok', detail: null };
  const newest = [newestItemAt, lastNewAt].filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0];
  if (!newest) return { health: 'ok', detail: null };
  return {
    health: 'stale',
    detail: `The feed works, but its newest article is from ${newest.toISOString().slice(0, 10)}: the outlet may publish elsewhere now.`,
  };
}
