import { createHmac, randomBytes } from 'node:crypto';
import type http from 'node:http';

/** The fake Stripe's wire types and helpers (test/fakes/stripe.ts): form decoding, signatures, ids, its HTML pages. */

export interface FakeStripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where events are delivered (can be set later with setWebhookUrl). */
  webhookUrl?: string;
  /** The prices on sale, e.g. `{ pro_monthly: 'price_pro_m' }`; a key ending in `_annual` bills yearly. */
  prices: Record<string, string>;
  /** Delivery attempts per event (first try included), default 4. */
  maxAttempts?: number;
  /** Back-off before the first retry (doubles each time), default 25 ms. */
  retryDelayMs?: number;
  /**
   * Adopt unknown `cus_…` ids as existing customers (dev: the database outlives the fake's memory,
   * so customers created by an earlier run must keep working). Tests leave it off.
   */
  adoptUnknownCustomers?: boolean;
}

export type Json = Record<string, unknown>;

export interface StripeRequest {
  method: string;
  path: string;
  /** The decoded form body (brackets unfolded into objects and arrays). */
  body: Json;
  /** The raw form body, as sent. */
  raw: string;
  headers: http.IncomingHttpHeaders;
  status: number;
}

export interface FakeCustomer {
  id: string;
  object: 'customer';
  name: string | null;
  email: string | null;
  metadata: Record<string, string>;
  created: number;
}
export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  customer: string | null;
  client_reference_id: string | null;
  subscription: string | null;
  success_url: string;
  cancel_url: string | null;
  url: string;
  created: number;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  line_items: { price: string; quantity: number }[];
  subscription_data: { metadata?: Record<string, string> };
}
export interface FakePortalSession {
  id: string;
  object: 'billing_portal.session';
  customer: string;
  return_url: string | null;
  url: string;
  created: number;
  livemode: false;
}
export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  created: number;
  metadata: Record<string, string>;
  latest_invoice: string | null;
  items: {
    object: 'list';
    data: { id: string; object: 'subscription_item'; quantity: number; current_period_start: number; current_period_end: number; price: FakePrice }[];
  };
}
export interface FakePrice {
  id: string;
  object: 'price';
  active: true;
  currency: string;
  recurring: { interval: 'month' | 'year'; interval_count: 1 };
}
export interface FakeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
  data: { object: Json; previous_attributes?: Json };
}
export interface DeliveryAttempt {
  eventId: string;
  type: string;
  attempt: number;
  status: number | null;
  error?: string;
}
export interface DeliverOptions {
  /** Send the same event this many times (a replay), default 1. */
  repeat?: number;
  /** Wait before sending. */
  delayMs?: number;
  /** Signature timestamp (seconds); default now. A stale one tests the tolerance. */
  timestamp?: number;
  /** Sign with another secret (a forged delivery). */
  secret?: string;
  url?: string;
}

export const API_VERSION = '2025-03-31.basil';
export const now = () => Math.floor(Date.now() / 1000);
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Decodes Stripe's bracketed form encoding (`line_items[0][price]=p`, `metadata[a]=b`) into nested
 * objects; objects whose keys are all indices become arrays.
 */
export function decodeStripeForm(raw: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!m) continue;
    const path = [m[1], ...[...m[2].matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1])];
    let node: Json = root;
    path.forEach((seg, i) => {
      const k = seg === '' ? String(Object.keys(node).length) : seg;
      if (i === path.length - 1) node[k] = value;
      else node = (node[k] ??= {}) as Json;
    });
  }
  const arrays = (v: unknown): unknown => {
    if (!v || typeof v !== 'object') return v;
    const o = v as Json;
    const keys = Object.keys(o);
    const mapped = Object.fromEntries(keys.map((k) => [k, arrays(o[k])]));
    return keys.length > 0 && keys.every((k) => /^\d+$/.test(k)) ? keys.sort((a, b) => Number(a) - Number(b)).map((k) => mapped[k]) : mapped;
  };
  return arrays(root) as Json;
}

/** The Stripe-Signature header for `payload` (stripe-node generateTestHeaderString's algorithm). */
export function stripeSignature(payload: string, secret: string, timestamp = now()): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
export const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:sans-serif;max-width:32rem;margin:3rem auto">${body}</body></html>`;

/** The Checkout page: "Pay" posts back to the fake, "Cancel" goes to the session's cancel_url. */
export function checkoutPage(s: FakeCheckoutSession): string {
  const price = s.line_items[0]?.price ?? '';
  const cancel = s.cancel_url ? ` <a href="${escapeHtml(s.cancel_url)}">Cancel</a>` : '';
  return page(
    'Checkout',
    `<h1>Checkout</h1><p>Subscription: <b>${escapeHtml(price)}</b></p><p>Customer ${escapeHtml(s.customer ?? '(new)')}</p>
        <form method="post" action="/c/pay/${escapeHtml(s.id)}"><button type="submit">Pay</button>${cancel}</form>`,
  );
}

/** The customer portal: the customer's live subscriptions, "Cancel subscription", "Return". */
export function portalPage(p: FakePortalSession, live: FakeSubscription[]): string {
  const ret = p.return_url ? `<p><a href="${escapeHtml(p.return_url)}">Return</a></p>` : '';
  const subs = live.map((sub) => `<li>${escapeHtml(sub.items.data[0].price.id)} — ${escapeHtml(sub.status)}</li>`).join('');
  const cancel = live.length
    ? `<ul>${subs}</ul><form method="post" action="/p/session/${escapeHtml(p.id)}/cancel"><button type="submit">Cancel subscription</button></form>`
    : '<p>No active subscription.</p>';
  return page('Customer portal', `<h1>Customer portal</h1><p>Customer <code>${escapeHtml(p.customer)}</code></p>${cancel}${ret}`);
}

/** Stripe's error body (`{ error: { type, message, code, doc_url, param } }`) with its status. */
export const stripeError = (status: number, type: string, message: string, code?: string, param?: string) => ({
  status,
  body: {
    error: { type, message, ...(code ? { code, doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` } : {}), ...(param ? { param } : {}) },
  },
});
export const missing = (what: string, id: string, param?: string) =>
  stripeError(404, 'invalid_request_error', `No such ${what}: '${id}'`, 'resource_missing', param);
export const missingParam = (param: string) => stripeError(400, 'invalid_request_error', `Missing required param: ${param}.`, 'parameter_missing', param);
export const ok = (body: unknown) => ({ status: 200, body });

/** `Authorization: Bearer <key>`, or Basic with the key as the user name. */
export function authorizedBy(req: http.IncomingMessage, secretKey: string): boolean {
  const h = req.headers.authorization ?? '';
  if (h === `Bearer ${secretKey}`) return true;
  if (h.startsWith('Basic ')) return Buffer.from(h.slice(6), 'base64').toString('utf8').split(':')[0] === secretKey;
  return false;
}

/** A price of the fake's list as Stripe shows it (`…_annual` keys bill yearly). */
export function priceOf(prices: Record<string, string>, id: string): FakePrice {
  const key = Object.entries(prices).find(([, v]) => v === id)?.[0] ?? '';
  return { id, object: 'price', active: true, currency: 'usd', recurring: { interval: key.endsWith('_annual') ? 'year' : 'month', interval_count: 1 } };
}
