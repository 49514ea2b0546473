import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  API_VERSION,
  authorizedBy,
  checkoutPage,
  decodeStripeForm,
  missing,
  missingParam,
  newId,
  now,
  ok,
  page,
  portalPage,
  priceOf,
  sleep,
  stripeError,
  stripeSignature,
} from './stripe-wire.js';
import type {
  DeliverOptions,
  DeliveryAttempt,
  FakeCheckoutSession,
  FakeCustomer,
  FakeEvent,
  FakePortalSession,
  FakePrice,
  FakeStripeOptions,
  FakeSubscription,
  Json,
  StripeRequest,
} from './stripe-wire.js';

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
  const customers = new Map<string, FakeCustomer>();
  const sessions = new Map<string, FakeCheckoutSession>();
  const portalSessions = new Map<string, FakePortalSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const generated: FakeEvent[] = [];
  const deliveries: DeliveryAttempt[] = [];
  let webhookUrl = opts.webhookUrl;
  let failures = { count: 0, status: 500 };
  const maxAttempts = Math.max(1, Math.min(opts.maxAttempts ?? 4, 10));
  const retryDelayMs = opts.retryDelayMs ?? 25;
  const priceIds = new Set(Object.values(opts.prices));

  /** Whether a customer exists (adopting a forgotten one when told to). */
  const hasCustomer = (id: string) => {
    if (!customers.has(id) && opts.adoptUnknownCustomers && /^cus_\w+$/.test(id)) {
      customers.set(id, { id, object: 'customer', name: null, email: null, metadata: {}, created: now() });
    }
    return customers.has(id);
  };

  const priceObject = (id: string): FakePrice => priceOf(opts.prices, id);

  const event = (type: string, object: Json, previous?: Json): FakeEvent => {
    const e: FakeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      // A snapshot: later changes to the object must not change an event already generated.
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
    };
    generated.push(e);
    return e;
  };

  const invoiceEvent = (type: 'invoice.paid' | 'invoice.payment_failed', sub: FakeSubscription) => {
    const invoice = {
      id: newId('in'),
      object: 'invoice',
      customer: sub.customer,
      status: type === 'invoice.paid' ? 'paid' : 'open',
      // API basil moved the subscription under parent; older versions had it at the top.
      subscription: sub.id,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      lines: { object: 'list', data: [{ pricing: { price_details: { price: sub.items.data[0].price.id } } }] },
    };
    sub.latest_invoice = invoice.id;
    return event(type, invoice);
  };

  const mustGetSubscription = (id: string) => {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`fake Stripe: no subscription ${id}`);
    return sub;
  };

  const setStatus = (sub: FakeSubscription, status: string): FakeEvent => {
    const previous = { status: sub.status };
    sub.status = status;
    return event('customer.subscription.updated', sub as unknown as Json, previous);
  };

  function completeCheckout(sessionId: string): { subscription: FakeSubscription; events: FakeEvent[] } {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe: no checkout session ${sessionId}`);
    if (session.status === 'complete') return { subscription: mustGetSubscription(session.subscription!), events: [] };
    if (!session.customer) {
      const c: FakeCustomer = { id: newId('cus'), object: 'customer', name: null, email: null, metadata: {}, created: now() };
      customers.set(c.id, c);
      session.customer = c.id;
    }
    const start = now();
    const line = session.line_items[0];
    const sub: FakeSubscription = {
      id: newId('sub'),
      object: 'subscription',
      customer: session.customer,
      status: 'active',
      cancel_at_period_end: false,
      created: start,
      metadata: { ...(session.subscription_data.metadata ?? {}) },
      latest_invoice: null,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            quantity: line.quantity,
            price: priceObject(line.price),
            current_period_start: start,
            current_period_end: start + (priceObject(line.price).recurring.interval === 'year' ? 365 : 30) * 86400,
          },
        ],
      },
    };
    subscriptions.set(sub.id, sub);
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id });
    const events = [
      event('checkout.session.completed', session as unknown as Json),
      event('customer.subscription.created', sub as unknown as Json),
      invoiceEvent('invoice.paid', sub),
    ];
    return { subscription: sub, events };
  }

  function updateSubscription(id: string, change: { price?: string; status?: string; cancelAtPeriodEnd?: boolean }): FakeEvent {
    const sub = mustGetSubscription(id);
    const previous: Json = {};
    if (change.price) {
      previous.items = structuredClone(sub.items);
      sub.items.data[0].price = priceObject(change.price);
    }
    if (change.status) {
      previous.status = sub.status;
      sub.status = change.status;
    }
    if (change.cancelAtPeriodEnd !== undefined) {
      previous.cancel_at_period_end = sub.cancel_at_period_end;
      sub.cancel_at_period_end = change.cancelAtPeriodEnd;
    }
    return event('customer.subscription.updated', sub as unknown as Json, previous);
  }

  function deleteSubscription(id: string): FakeEvent {
    const sub = mustGetSubscription(id);
    sub.status = 'canceled';
    return event('customer.subscription.deleted', sub as unknown as Json);
  }

  const failInvoice = (subscriptionId: string) => {
    const sub = mustGetSubscription(subscriptionId);
    return [setStatus(sub, 'past_due'), invoiceEvent('invoice.payment_failed', sub)];
  };
  const payInvoice = (subscriptionId: string) => {
    const sub = mustGetSubscription(subscriptionId);
    return [setStatus(sub, 'active'), invoiceEvent('invoice.paid', sub)];
  };

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
    const answer = route(method, path, body);
    if (idemKey && answer.status < 500) idempotent.set(idemKey, answer);
    return answer;
  }

  function route(method: string, path: string, body: Json): { status: number; body: unknown } {
    const str = (v: unknown) => (typeof v === 'string' ? v : null);
    const meta = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, string>) : {});
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const c: FakeCustomer = {
        id: newId('cus'),
        object: 'customer',
        name: str(body.name),
        email: str(body.email),
        metadata: meta(body.metadata),
        created: now(),
      };
      customers.set(c.id, c);
      return ok(c);
    }
    if (method === 'GET' && (m = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      return hasCustomer(m[1]) ? ok(customers.get(m[1])) : missing('customer', m[1], 'id');
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (!str(body.success_url)) return missingParam('success_url');
      if (!str(body.mode)) return missingParam('mode');
      const items = Array.isArray(body.line_items) ? (body.line_items as Json[]) : [];
      if (!items.length) return missingParam('line_items');
      const lineItems: FakeCheckoutSession['line_items'] = [];
      for (const [i, it] of items.entries()) {
        const price = str(it.price) ?? '';
        if (!priceIds.has(price)) return missing('price', price, `line_items[${i}][price]`);
        lineItems.push({ price, quantity: Number(it.quantity ?? 1) });
      }
      const customer = str(body.customer);
      if (customer && !hasCustomer(customer)) return missing('customer', customer, 'customer');
      const id = newId('cs_test');
      const s: FakeCheckoutSession = {
        id,
        object: 'checkout.session',
        mode: str(body.mode)!,
        status: 'open',
        payment_status: 'unpaid',
        customer,
        client_reference_id: str(body.client_reference_id),
        subscription: null,
        success_url: str(body.success_url)!,
        cancel_url: str(body.cancel_url),
        url: `${url}/c/pay/${id}`,
        created: now(),
        expires_at: now() + 86400,
        livemode: false,
        metadata: meta(body.metadata),
        line_items: lineItems,
        subscription_data: { metadata: meta(meta(body.subscription_data).metadata) },
      };
      sessions.set(id, s);
      return ok(s);
    }
    if (method === 'GET' && (m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      const s = sessions.get(m[1]);
      return s ? ok(s) : missing('checkout.session', m[1], 'session');
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = str(body.customer);
      if (!customer) return missingParam('customer');
      if (!hasCustomer(customer)) return missing('customer', customer, 'customer');
      const id = newId('bps');
      const p: FakePortalSession = {
        id,
        object: 'billing_portal.session',
        customer,
        return_url: str(body.return_url),
        url: `${url}/p/session/${id}`,
        created: now(),
        livemode: false,
      };
      portalSessions.set(id, p);
      return ok(p);
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = subscriptions.get(m[1]);
      if (!sub) return missing('subscription', m[1], 'id');
      if (method === 'GET') return ok(sub);
      if (method === 'DELETE') {
        deleteSubscription(sub.id);
        return ok(sub);
      }
      if (method === 'POST') {
        const price = str(((body.items as Json[] | undefined)?.[0] ?? {}).price);
        if (price && !priceIds.has(price)) return missing('price', price, 'items[0][price]');
        const cancel = str(body.cancel_at_period_end);
        if (body.metadata) Object.assign(sub.metadata, meta(body.metadata));
        updateSubscription(sub.id, { price: price ?? undefined, cancelAtPeriodEnd: cancel === null ? undefined : cancel === 'true' });
        return ok(sub);
      }
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
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
