import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { authorizedBy, checkoutPage, decodeStripeForm, newId, page, portalPage, sleep, stripeError, stripeSignature } from './stripe-wire.js';
import type { DeliverOptions, DeliveryAttempt, FakeEvent, FakeStripeOptions, Json, StripeRequest } from './stripe-wire.js';
import { routeStripeApi } from './stripe-routes.js';
import { createStripeState } from './stripe-state.js';

/**
 * A local Stripe on 127.0.0.1 (random port) speaking the form-encoded wire format of
 * shared/reference/third-party-apis.md §5, enough for Coverwatch's billing:
 *
 *   POST /v1/customers · GET /v1/customers/:id
 *   POST /v1/checkout/sessions · GET /v1/checkout/sessions/:id
 *   POST /v1/billing_portal/sessions
 *   GET|POST|DELETE /v1/subscriptions/:id (POST: `items[0][price]`, `cancel_at_period_end`, `metadata`)
 *
 * Requests need `Authorization: Bearer <secretKey>` (or Basic with the key as user name), else 401
 * with Stripe's error body; unknown ids answer 404 `resource_missing`; `Idempotency-Key` on
 * POST /v1/customers returns the first answer again. Subscriptions are shaped as API basil and
 * later: the period end is on `items.data[0].current_period_end`, not on the subscription.
 *
 * Browser pages (the end-to-end test clicks them):
 *   `{url}/c/pay/{sessionId}`     the Checkout page: a "Pay" button completes the session, delivers
 *                                 its webhooks to `webhookUrl` and redirects to the session's
 *                                 success_url ({CHECKOUT_SESSION_ID} replaced); "Cancel" goes to cancel_url.
 *   `{url}/p/session/{portalId}`  the customer portal: "Customer portal", the customer id, its live
 *                                 subscriptions with a "Cancel subscription" button (ends them now,
 *                                 delivers the webhooks, back to return_url), a "Return" link to return_url.
 *
 * Test-side API (returned by `startFakeStripe`):
 *   url, env (the API's STRIPE_* variables for this fake), close(), requests (every API request: method, path, form body, headers, status),
 *   customers / sessions / portalSessions / subscriptions (Maps by id), events() (every event generated),
 *   completeCheckout(sessionId) → { subscription, events } (subscription active with the session's price),
 *   updateSubscription(id, { price?, status?, cancelAtPeriodEnd? }) → event `customer.subscription.updated`,
 *   deleteSubscription(id) → event `customer.subscription.deleted` (status canceled),
 *   failInvoice(subscriptionId) → [subscription.updated (past_due), invoice.payment_failed],
 *   payInvoice(subscriptionId) → [subscription.updated (active), invoice.paid],
 *   deliver(event, { repeat?, delayMs?, timestamp?, secret?, url? }) signs (`Stripe-Signature: t=…,v1=…`,
 *     stripe-node's generateTestHeaderString algorithm) and POSTs it; a non-2xx or a network error is
 *     retried with doubling back-off (maxAttempts, bounded); resolves to the attempts made,
 *   deliverAll(events) in order, deliverOutOfOrder(events) newest first,
 *   signature(payload, { timestamp?, secret? }) the header for a body of one's own,
 *   failNext(count, status?) answers the next API requests with a Stripe api_error (default 500),
 *   setWebhookUrl(url), deliveries (every delivery attempt).
 */

export * from './stripe-wire.js';

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

export async function startFakeStripe(opts: FakeStripeOptions) {
  const requests: StripeRequest[] = [];
  // The objects (customers, sessions, subscriptions) and the events their changes generate: stripe-state.ts.
  const state = createStripeState(opts);
  const { customers, sessions, portalSessions, subscriptions, generated, completeCheckout, updateSubscription, deleteSubscription, failInvoice, payInvoice } =
    state;
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const deliveries: DeliveryAttempt[] = [];
  let webhookUrl = opts.webhookUrl;
  let failures = { count: 0, status: 500 };
  const maxAttempts = Math.max(1, Math.min(opts.maxAttempts ?? 4, 10));
  const retryDelayMs = opts.retryDelayMs ?? 25;

  async function deliver(e: FakeEvent, o: DeliverOptions = {}): Promise<DeliveryAttempt[]> {
    const target = o.url ?? webhookUrl;
    if (!target) throw new Error('fake Stripe: no webhook URL to deliver to');
    if (o.delayMs) await sleep(o.delayMs);
    const attempts: DeliveryAttempt[] = [];
    for (let r = 0; r < Math.max(1, o.repeat ?? 1); r++) {
      for (let attempt = 1; attempt <= maxAttempts; attempt++) {
        const payload = JSON.stringify(e);
        const record: DeliveryAttempt = { eventId: e.id, type: e.type, attempt, status: null };
        try {
          const res = await fetch(target, {
            method: 'POST',
            headers: {
              'content-type': 'application/json; charset=utf-8',
              'stripe-signature': stripeSignature(payload, o.secret ?? opts.webhookSecret, o.timestamp),
              'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            },
            body: payload,
          });
          await res.arrayBuffer();
          record.status = res.status;
        } catch (err) {
          record.error = err instanceof Error ? err.message : String(err);
        }
        attempts.push(record);
        deliveries.push(record);
        if (record.status !== null && record.status >= 200 && record.status < 300) break;
        if (attempt < maxAttempts) await sleep(retryDelayMs * 2 ** (attempt - 1));
      }
    }
    return attempts;
  }

  async function deliverAll(events: FakeEvent[], o: DeliverOptions = {}): Promise<DeliveryAttempt[]> {
    const out: DeliveryAttempt[] = [];
    for (const e of events) out.push(...(await deliver(e, o)));
    return out;
  }

  // ------------------------------------------------------------------ the HTTP API
  const authorized = (req: http.IncomingMessage) => authorizedBy(req, opts.secretKey);

  function api(method: string, path: string, body: Json, req: http.IncomingMessage): { status: number; body: unknown } {
    if (!authorized(req)) return stripeError(401, 'invalid_request_error', 'Invalid API Key provided.', 'api_key_invalid');
    if (failures.count > 0) {
      failures.count--;
      return stripeError(failures.status, 'api_error', 'An unknown error occurred (fake Stripe, scripted failure).');
    }
    const idem = req.headers['idempotency-key'];
    const idemKey = typeof idem === 'string' && method === 'POST' ? `${path} ${idem}` : null;
    if (idemKey && idempotent.has(idemKey)) return idempotent.get(idemKey)!;
    const answer = routeStripeApi(state, url, method, path, body);
    if (idemKey && answer.status < 500) idempotent.set(idemKey, answer);
    return answer;
  }

  // ------------------------------------------------------------------ the browser pages
  async function pages(method: string, path: string, res: http.ServerResponse): Promise<boolean> {
    const html = (status: number, body: string) => void res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    let m = /^\/c\/pay\/([^/]+)$/.exec(path);
    if (m) {
      const s = sessions.get(m[1]);
      if (!s) {
        html(404, page('Not found', '<h1>This checkout session does not exist</h1>'));
        return true;
      }
      if (method === 'POST') {
        const { events } = completeCheckout(s.id);
        // Stripe sends the webhooks around the redirect; here they have arrived when the app loads.
        if (webhookUrl) await deliverAll(events);
        res.writeHead(303, { location: s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id) }).end();
        return true;
      }
      html(200, checkoutPage(s));
      return true;
    }
    m = /^\/p\/session\/([^/]+)(\/cancel)?$/.exec(path);
    if (m) {
      const p = portalSessions.get(m[1]);
      if (!p) {
        html(404, page('Not found', '<h1>This portal session does not exist</h1>'));
        return true;
      }
      const live = [...subscriptions.values()].filter((sub) => sub.customer === p.customer && sub.status !== 'canceled');
      if (m[2] && method === 'POST') {
        // "Cancel subscription": ends the customer's subscriptions now and tells the app.
        const events = live.map((sub) => deleteSubscription(sub.id));
        if (webhookUrl) await deliverAll(events);
        res.writeHead(303, { location: p.return_url ?? `/p/session/${p.id}` }).end();
        return true;
      }
      if (m[2] || method !== 'GET') return false;
      html(200, portalPage(p, live));
      return true;
    }
    return false;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const u = new URL(req.url ?? '/', 'http://127.0.0.1');
        const method = req.method ?? 'GET';
        if (!u.pathname.startsWith('/v1/')) {
          if (!(await pages(method, u.pathname, res))) res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
          return;
        }
        // GET parameters (expand[]=…) come in the query string, POST ones in the body.
        const raw = method === 'GET' || method === 'DELETE' ? u.search.slice(1) : Buffer.concat(chunks).toString('utf8');
        const body = decodeStripeForm(raw);
        const answer = api(method, u.pathname, body, req);
        requests.push({ method, path: u.pathname, body, raw, headers: req.headers, status: answer.status });
        res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': newId('req') }).end(JSON.stringify(answer.body));
      })().catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(err));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    /** The API's environment for this fake: STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL, STRIPE_PRICES. */
    env: {
      STRIPE_SECRET_KEY: opts.secretKey,
      STRIPE_WEBHOOK_SECRET: opts.webhookSecret,
      STRIPE_API_URL: url,
      STRIPE_PRICES: Object.entries(opts.prices)
        .map(([k, v]) => `${k}=${v}`)
        .join(','),
    },
    requests,
    customers,
    sessions,
    portalSessions,
    subscriptions,
    deliveries,
    events: () => [...generated],
    completeCheckout,
    updateSubscription,
    deleteSubscription,
    failInvoice,
    payInvoice,
    deliver,
    deliverAll,
    deliverOutOfOrder: (events: FakeEvent[], o: DeliverOptions = {}) => deliverAll([...events].reverse(), o),
    signature: (payload: string, o: { timestamp?: number; secret?: string } = {}) => stripeSignature(payload, o.secret ?? opts.webhookSecret, o.timestamp),
    failNext: (count: number, status = 500) => {
      failures = { count, status };
    },
    setWebhookUrl: (target: string | undefined) => {
      webhookUrl = target;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
