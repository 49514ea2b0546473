import { API_VERSION, newId, now, priceOf } from './stripe-wire.js';
import type { FakeCheckoutSession, FakeCustomer, FakeEvent, FakePortalSession, FakePrice, FakeStripeOptions, FakeSubscription, Json } from './stripe-wire.js';

/**
 * The fake Stripe's objects and what happens to them (test/fakes/stripe.ts): customers, Checkout and
 * portal sessions, subscriptions, and the events each change generates (snapshots, in order).
 */
export type StripeState = ReturnType<typeof createStripeState>;

export function createStripeState(opts: FakeStripeOptions) {
  const customers = new Map<string, FakeCustomer>();
  const sessions = new Map<string, FakeCheckoutSession>();
  const portalSessions = new Map<string, FakePortalSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const generated: FakeEvent[] = [];
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

  return {
    customers,
    sessions,
    portalSessions,
    subscriptions,
    generated,
    priceIds,
    hasCustomer,
    priceObject,
    completeCheckout,
    updateSubscription,
    deleteSubscription,
    failInvoice,
    payInvoice,
  };
}
