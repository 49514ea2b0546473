import { z } from 'zod';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import os from 'node:os';

/** Cores this process may use (cgroup-aware on Node 20+): the crawler's defaults scale with it. */
export const CORES = Math.max(1, os.availableParallelism());

/**
 * Every environment variable the server reads, parsed once. `.env.example` and the README's
 * configuration table list the same names with their defaults.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  /** The built web app (vite's outDir); another directory lets several builds be tried side by side. */
  WEB_DIST_DIR: z.string().default('./dist/web'),
  DATABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15000),
  SEARCH_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1).default(5000),
  SEARCH_DATABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  SEARCH_PARALLEL: z.coerce.number().int().min(1).max(16).optional(),
  SEARCH_TOTAL_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(25),
  ARCHIVE_CONVERSION_BATCH: z.coerce.number().int().min(100).max(200_000).default(10_000),
  JWT_SECRET: z.string().min(32).optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  ADMIN_EMAIL: z.string().email().default('admin@coverwatch.local'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default('false'),
  API_COMPRESSION: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  CAPTCHA_DIFFICULTY: z.coerce.number().int().min(1).max(10_000_000).default(50_000),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  TWITCH_API_URL: z.string().url().default('https://api.twitch.tv/helix'),
  TWITCH_AUTH_URL: z.string().url().default('https://id.twitch.tv/oauth2'),
  TWITCH_CLIENT_ID: z.string().optional(),
  TWITCH_CLIENT_SECRET: z.string().optional(),
  YOUTUBE_API_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  YOUTUBE_API_URL: z.string().url().default('https://www.googleapis.com/youtube/v3'),
  /** Where the free per-channel Atom feeds live (`/feeds/videos.xml?channel_id=`). */
  YOUTUBE_FEEDS_URL: z.string().url().default('https://www.youtube.com'),
  YOUTUBE_WEBSUB_HUB: z.string().url().default('https://pubsubhubbub.appspot.com/subscribe'),
  /** search.list calls a day (its own bucket since 2026-06) and units a day of the shared bucket. */
  YOUTUBE_SEARCH_DAILY_LIMIT: z.coerce.number().int().min(1).default(100),
  YOUTUBE_DAILY_UNITS: z.coerce.number().int().min(1).default(10_000),
  ALLOW_PRIVATE_NETWORK: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  SOURCES_SELF_SERVICE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** A traffic ranking in the Tranco format (`rank,domain` lines, plain or zipped), fetched at start and every RANKING_REFRESH_HOURS. */
  RANKING_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  RANKING_REFRESH_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 90)
    .default(24),
  /** Where the operator's daily ranking updates come from (tranco-list.eu; configurable for tests). */
  TRANCO_URL: z.string().url().default('https://tranco-list.eu'),
  /** SimilarWeb REST API: with a key, monthly visitors, the visits-by-country map and categories come from it. */
  SIMILARWEB_API_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  SIMILARWEB_API_URL: z.string().url().default('https://api.similarweb.com'),
  /** Hits the key may spend a month (each website costs 3 a month; 0 = no limit of ours, SimilarWeb's own applies). */
  SIMILARWEB_MONTHLY_HITS: z.coerce.number().int().min(0).default(5000),
  /** GDELT discovery (issue 31): each alert's query searched in GDELT's DOC 2.0 API. The operator's switch on the sources screen overrides it. */
  GDELT_ENABLED: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  GDELT_API_URL: z.string().url().default('https://api.gdeltproject.org/api/v2/doc/doc'),
  /** Seconds between two requests to GDELT (its guidance: about one request every 5 seconds). */
  GDELT_INTERVAL_SECONDS: z.coerce.number().min(0).max(600).default(5),
  /** Steam news and reviews (issue 31) for the apps projects follow; no key is needed. */
  STEAM_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** The Steam Web API (ISteamNews) and the store (appreviews, appdetails). */
  STEAM_API_URL: z.string().url().default('https://api.steampowered.com'),
  STEAM_STORE_URL: z.string().url().default('https://store.steampowered.com'),
  /** Seconds between two requests to Steam (the store answers 429 past a few hundred requests in 5 minutes). */
  STEAM_INTERVAL_SECONDS: z.coerce.number().min(0).max(600).default(1.5),
  CRAWLER_USER_AGENT: z.string().default('CoverwatchBot/1.12 (+https://coverwatch.app/bot; media monitoring)'),
  /** Feeds fetched at once per worker process (network-bound): 4 per core, at most 32. */
  CRAWLER_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(256)
    .default(Math.min(32, 4 * CORES)),
  /** Ceiling of feed ingests (database transactions) at once; the crawler adapts below it. */
  CRAWLER_INGEST_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(CORES),
  /** The database latency (ms) the crawler keeps to: above it, or while people's requests wait, it ingests fewer feeds at once. */
  CRAWLER_TARGET_QUERY_MS: z.coerce.number().min(1).max(10_000).default(15),
  /** Niceness of the worker process and of its database backends when they run on this machine (0 = off). */
  WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** Bearer token for GET /metrics (Prometheus); unset = only the platform operator's admins. */
  METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16).optional()),
  CRAWLER_HOST_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  CRAWLER_MIN_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(300),
  CRAWLER_MAX_INTERVAL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(6 * 3600),
  /** How long one feed's parse may run in a parse thread before the thread is replaced and the feed fails (crawler/parse-pool.ts). */
  CRAWLER_PARSE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  TRANSLATE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  TRANSLATE_API_KEY: z.string().optional(),
  CHROMIUM_PATH: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional()),
  SCREENSHOTS_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  WEBSITE_ICONS_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  SMTP_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  MAIL_FROM: z.string().min(3).default('Coverwatch <no-reply@coverwatch.local>'),
  /** Slack app (OAuth v2 install, Web API, Events API): unset client id = "Add to Slack" explains what to set. */
  SLACK_CLIENT_ID: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  SLACK_CLIENT_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  SLACK_SIGNING_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  SLACK_API_URL: z.string().url().default('https://slack.com/api'),
  SLACK_AUTHORIZE_URL: z.string().url().default('https://slack.com/oauth/v2/authorize'),
  /** OpenID Connect login beside local accounts: unset issuer = no single sign-on button. */
  OIDC_ISSUER: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  OIDC_CLIENT_ID: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  OIDC_CLIENT_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  OIDC_LABEL: z.string().min(1).max(40).default('Single sign-on'),
  /** The link analysis page a feed row's "Request analysis" opens (with url and id); unset = the item is hidden. */
  ANALYSIS_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  /** The hour (UTC) daily e-mail digests go out. */
  DIGEST_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(7),
  /** Seconds between digest runs (300: every 5 minutes on the clock); a run covers coverage up to DIGEST_SETTLE_SECONDS ago. */
  DIGEST_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(300),
  DIGEST_SETTLE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Stripe: secret API key (unset = no self-serve billing: the operator sets plans), webhook signing secret, API base URL (tests: a local fake). */
  STRIPE_SECRET_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(8).optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(8).optional()),
  STRIPE_API_URL: z.string().url().default('https://api.stripe.com'),
  /** Whom the upgrade screens name when billing is not connected (default: ADMIN_EMAIL). */
  BILLING_CONTACT_EMAIL: z.preprocess((v) => (v === '' ? undefined : v), z.string().email().optional()),
  /** The payment platform's price ids per plan and period: `starter_monthly=price_1,pro_annual=price_4`. */
  STRIPE_PRICES: z
    .string()
    .default('')
    .transform((raw, ctx) => {
      const r = parseStripePrices(raw);
      if (typeof r === 'string') {
        ctx.addIssue({ code: 'custom', message: r });
        return z.NEVER;
      }
      return r;
    }),
});

export type Role = 'all' | 'api' | 'worker';

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** The built web app served at / (index.html for every client route). */
  webDistDir: string;
  databaseUrl?: string;
  poolMax: number;
  statementTimeoutMs: number;
  /** Each Super Search statement's limit: a search that runs longer is answered 503 search_timeout. */
  searchStatementTimeoutMs: number;
  /**
   * Where Super Search, exports and public reports read: a hot standby (or a load balancer in
   * front of several). Unset: the primary (DATABASE_URL or the embedded server). docs/operations.md.
   */
  searchDatabaseUrl?: string;
  /** Months of one search counted at once, each on its own connection (default: cores, at least 2). */
  searchParallel: number;
  /** Until how long after the request a page of results waits for the exact total; past it the page is sent without (the volume call brings it). */
  searchTotalWaitMs: number;
  /** Articles moved per transaction when an unpartitioned archive is converted at start-up. */
  archiveConversionBatch: number;
  jwtSecret?: string;
  sessionTtlHours: number;
  adminEmail: string;
  adminPassword?: string;
  seedDemo: boolean;
  publicUrl?: string;
  logLevel: string;
  /**
   * Whose X-Forwarded-For is believed: false (default: the socket's address is the client), true
   * (any hop — only behind a proxy that overwrites the header), a hop count, or addresses/CIDRs.
   */
  trustProxy: boolean | number | string[];
  /** API_COMPRESSION: JSON answers of 1 KB or more compressed (brotli or gzip) for clients that accept it. */
  apiCompression: boolean;
  loginMaxFailures: number;
  loginWindowMinutes: number;
  captchaDifficulty: number;
  uploadMaxBytes: number;
  bodyLimitBytes: number;
  twitch: { apiUrl: string; authUrl: string; clientId?: string; clientSecret?: string };
  youtube: { apiKey?: string; apiUrl: string; feedsUrl: string; websubHub: string; searchDailyLimit: number; dailyUnits: number };
  /** Outgoing fetches (feeds, imported links, previews, webhooks) may reach private addresses. */
  allowPrivateNetwork: boolean;
  /** Single-company installs: an organization admin's outlet suggestion is approved at once. */
  sourcesSelfService: boolean;
  /** Reach from public data (issue 26): the ranking list's source and SimilarWeb. */
  ranking: { url?: string; refreshHours: number; trancoUrl: string };
  similarweb: { apiKey?: string; apiUrl: string; monthlyHits: number };
  /** GDELT discovery (issue 31): the default of the operator's switch, the API and the pace of requests. */
  gdelt: { enabled: boolean; apiUrl: string; intervalMs: number };
  /** Steam news and reviews (issue 31): whether the worker reads them, where, and the pace of requests. */
  steam: { enabled: boolean; apiUrl: string; storeUrl: string; intervalMs: number };
  /**
   * The feed crawler: fetches at once, the ceiling of ingest transactions at once (the adaptive
   * limit moves between 1 and it), the query latency it keeps to, and polling intervals.
   */
  crawler: {
    userAgent: string;
    concurrency: number;
    hostConcurrency: number;
    ingestConcurrency: number;
    targetQueryMs: number;
    minIntervalSeconds: number;
    maxIntervalSeconds: number;
    /** The deadline of one off-thread feed parse (ms). */
    parseTimeoutMs: number;
  };
  /** The worker's niceness (process and, where permitted, its database backends); 0 = off. */
  workerNice: number;
  /** Bearer token accepted by GET /metrics; unset = the platform operator's admins only. */
  metricsToken?: string;
  /** A LibreTranslate-compatible endpoint for headline translation; unset = not connected. */
  translate: { url?: string; apiKey?: string };
  /**
   * Headless Chromium for highlight screenshots and report PDFs (net/browser.ts): CHROMIUM_PATH, a
   * file or `packaged` (the build of the npm package @sparticuz/chromium); unset = a system Chromium
   * when installed, else the packaged one. Screenshots off = preview images only.
   */
  browser: { chromiumPath?: string; screenshotsEnabled: boolean };
  /** Workers fetch the outlets' icons (features/websites/icons.ts); off where the server must not reach the internet (test journeys). */
  websiteIconsEnabled: boolean;
  /** Outgoing e-mail: SMTP server URL (unset = messages are kept in the outbox) and the From line. */
  mail: { smtpUrl?: string; from: string };
  /** Price ids of the payment platform per plan and billing period (STRIPE_PRICES); absent = not configured. */
  stripePrices: StripePrices;
  /** Slack app: OAuth client, request signing secret (Events API), Web API and authorize page bases (tests: a local fake). */
  slack: { clientId?: string; clientSecret?: string; signingSecret?: string; apiUrl: string; authorizeUrl: string };
  /** OpenID Connect provider for single sign-on (issuer unset = local accounts only). */
  oidc: { issuer?: string; clientId?: string; clientSecret?: string; label: string };
  analysisUrl?: string;
  /** E-mail digests: the daily hour (UTC), seconds between runs, and how far behind now a run stops (late ingest commits). */
  digests: { hourUtc: number; intervalSeconds: number; settleSeconds: number };
  /** Stripe (server/integrations/stripe): no secret key = billing not connected. */
  stripe: { secretKey?: string; webhookSecret?: string; apiUrl: string };
  /** The address people are told to write to for a plan when billing is not connected. */
  billingContactEmail: string;
  version: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    databaseUrl: e.DATABASE_URL,
    poolMax: e.DATABASE_POOL_MAX,
    statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    searchStatementTimeoutMs: e.SEARCH_STATEMENT_TIMEOUT_MS,
    searchDatabaseUrl: e.SEARCH_DATABASE_URL,
    searchParallel: e.SEARCH_PARALLEL ?? Math.max(2, CORES),
    searchTotalWaitMs: e.SEARCH_TOTAL_WAIT_MS,
    archiveConversionBatch: e.ARCHIVE_CONVERSION_BATCH,
    jwtSecret: e.JWT_SECRET,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    apiCompression: e.API_COMPRESSION,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginWindowMinutes: e.LOGIN_WINDOW_MINUTES,
    captchaDifficulty: e.CAPTCHA_DIFFICULTY,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    twitch: {
      apiUrl: e.TWITCH_API_URL,
      authUrl: e.TWITCH_AUTH_URL,
      clientId: e.TWITCH_CLIENT_ID,
      clientSecret: e.TWITCH_CLIENT_SECRET,
    },
    youtube: {
      apiKey: e.YOUTUBE_API_KEY,
      apiUrl: e.YOUTUBE_API_URL,
      feedsUrl: e.YOUTUBE_FEEDS_URL,
      websubHub: e.YOUTUBE_WEBSUB_HUB,
      searchDailyLimit: e.YOUTUBE_SEARCH_DAILY_LIMIT,
      dailyUnits: e.YOUTUBE_DAILY_UNITS,
    },
    allowPrivateNetwork: e.ALLOW_PRIVATE_NETWORK,
    sourcesSelfService: e.SOURCES_SELF_SERVICE,
    ranking: { url: e.RANKING_URL, refreshHours: e.RANKING_REFRESH_HOURS, trancoUrl: e.TRANCO_URL },
    similarweb: { apiKey: e.SIMILARWEB_API_KEY, apiUrl: e.SIMILARWEB_API_URL, monthlyHits: e.SIMILARWEB_MONTHLY_HITS },
    gdelt: { enabled: e.GDELT_ENABLED, apiUrl: e.GDELT_API_URL, intervalMs: Math.round(e.GDELT_INTERVAL_SECONDS * 1000) },
    steam: {
      enabled: e.STEAM_ENABLED,
      apiUrl: e.STEAM_API_URL,
      storeUrl: e.STEAM_STORE_URL,
      intervalMs: Math.round(e.STEAM_INTERVAL_SECONDS * 1000),
    },
    crawler: {
      userAgent: e.CRAWLER_USER_AGENT,
      concurrency: e.CRAWLER_CONCURRENCY,
      hostConcurrency: e.CRAWLER_HOST_CONCURRENCY,
      ingestConcurrency: e.CRAWLER_INGEST_CONCURRENCY,
      targetQueryMs: e.CRAWLER_TARGET_QUERY_MS,
      minIntervalSeconds: e.CRAWLER_MIN_INTERVAL_SECONDS,
      maxIntervalSeconds: e.CRAWLER_MAX_INTERVAL_SECONDS,
      parseTimeoutMs: e.CRAWLER_PARSE_TIMEOUT_MS,
    },
    workerNice: e.WORKER_NICE,
    metricsToken: e.METRICS_TOKEN,
    translate: { url: e.TRANSLATE_URL, apiKey: e.TRANSLATE_API_KEY },
    browser: { chromiumPath: e.CHROMIUM_PATH, screenshotsEnabled: e.SCREENSHOTS_ENABLED },
    websiteIconsEnabled: e.WEBSITE_ICONS_ENABLED,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    stripePrices: e.STRIPE_PRICES,
    slack: {
      clientId: e.SLACK_CLIENT_ID,
      clientSecret: e.SLACK_CLIENT_SECRET,
      signingSecret: e.SLACK_SIGNING_SECRET,
      apiUrl: e.SLACK_API_URL,
      authorizeUrl: e.SLACK_AUTHORIZE_URL,
    },
    oidc: { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET, label: e.OIDC_LABEL },
    analysisUrl: e.ANALYSIS_URL,
    digests: { hourUtc: e.DIGEST_HOUR_UTC, intervalSeconds: e.DIGEST_INTERVAL_SECONDS, settleSeconds: e.DIGEST_SETTLE_SECONDS },
    stripe: { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL },
    billingContactEmail: (e.BILLING_CONTACT_EMAIL ?? e.ADMIN_EMAIL).toLowerCase(),
    version: process.env.npm_package_version ?? '1.12.16',
  };
}

/** TRUST_PROXY: `false`/empty, `true`, a hop count (`1`), or a comma-separated address/CIDR list. */
export function parseTrustProxy(raw: string): boolean | number | string[] {
  const v = raw.trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return raw
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

export const STRIPE_PRICE_KEYS = ['starter_monthly', 'starter_annual', 'pro_monthly', 'pro_annual'] as const;
export type StripePriceKey = (typeof STRIPE_PRICE_KEYS)[number];
export type StripePrices = Partial<Record<StripePriceKey, string>>;

/**
 * STRIPE_PRICES: comma-separated `plan_period=price_id` pairs (plan starter or pro, period monthly
 * or annual; agency is priced on contact). Empty = no prices configured. Returns the map, or the
 * reason it is refused (unknown key, repeated key, a price id used twice, a malformed pair).
 */
export function parseStripePrices(raw: string): StripePrices | string {
  const out: StripePrices = {};
  const seen = new Set<string>();
  for (const part of raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^([a-z_]+)\s*=\s*([A-Za-z0-9_-]{1,255})$/.exec(part);
    if (!m) return `"${part}" is not plan_period=price_id (e.g. starter_monthly=price_1)`;
    const key = m[1] as StripePriceKey;
    if (!STRIPE_PRICE_KEYS.includes(key)) return `unknown "${m[1]}": use ${STRIPE_PRICE_KEYS.join(', ')}`;
    if (out[key] !== undefined) return `"${key}" is given twice`;
    if (seen.has(m[2])) return `price id "${m[2]}" is given for two plans`;
    seen.add(m[2]);
    out[key] = m[2];
  }
  return out;
}

export function generateSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
