import { missing, missingParam, newId, now, ok, stripeError } from './stripe-wire.js';
import type { FakeCheckoutSession, FakeCustomer, FakePortalSession, Json } from './stripe-wire.js';
import type { StripeState } from './stripe-state.js';

/**
 * The fake Stripe's API routes (test/fakes/stripe.ts), once the request is authorized: customers,
 * Checkout sessions, portal sessions, subscriptions. `url` is the fake's base URL (the pages' links).
 */
export function routeStripeApi(state: StripeState, url: string, method: string, path: string, body: Json): { status: number; body: unknown } {
  const { customers, sessions, portalSessions, subscriptions, priceIds, hasCustomer, updateSubscription, deleteSubscription } = state;
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
