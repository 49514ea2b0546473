import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import type { StripeEventEnvelope, SubscriptionSnapshot } from '../../integrations/stripe/client.js';
import { applySubscriptionState, expireSubscription, lockOrganization, lockOrganizationsOfCustomer, setStripeCustomerId } from '../organizations/service.js';
import { claimStripeEvent, markStripeEventProcessed } from './repo.js';
import { planForPriceId } from './service.js';
import { stripeFor } from './stripe.js';

/** The events billing acts on; any other type is acknowledged and recorded. */
export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

type Deps = { db: Db; config: Config; log: Pick<Logger, 'info' | 'warn'> };
type Organization = Awaited<ReturnType<typeof lockOrganizationsOfCustomer>>[number];

export type WebhookOutcome = { result: 'duplicate' } | { result: 'ignored'; reason: string } | { result: 'applied'; organizationIds: number[] };

/** What an event points at: the customer, the subscription, and (checkout) the organization it was opened for. */
interface EventTarget {
  customerId: string | null;
  subscriptionId: string | null;
  organizationRef: number | null;
}

// Stripe ids are short words (cus_…, sub_…); anything else names nothing we could look up.
const STRIPE_ID = /^\w{1,255}$/;
const str = (v: unknown): string | null => (typeof v === 'string' && STRIPE_ID.test(v) ? v : null);
/** An id, or an expanded object's id. */
const idOf = (v: unknown): string | null => str(v) ?? (v && typeof v === 'object' ? str((v as { id?: unknown }).id) : null);
const orgIdOf = (v: unknown): number | null => (typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v) && Number(v) <= 2 ** 31 - 1 ? Number(v) : null);

function targetOf(event: StripeEventEnvelope): EventTarget | null {
  const o = event.object;
  switch (event.type) {
    case 'checkout.session.completed': {
      const metadata = (o.metadata ?? {}) as Record<string, unknown>;
      return {
        customerId: idOf(o.customer),
        subscriptionId: idOf(o.subscription),
        organizationRef: orgIdOf(o.client_reference_id) ?? orgIdOf(metadata.organization_id),
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { customerId: idOf(o.customer), subscriptionId: idOf(o.id), organizationRef: null };
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      // API basil moved the invoice's subscription under parent.subscription_details; older versions had it at the top.
      const parent = o.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
      return { customerId: idOf(o.customer), subscriptionId: idOf(parent?.subscription_details?.subscription) ?? idOf(o.subscription), organizationRef: null };
    }
    default:
      return null;
  }
}

/**
 * The organizations an event is about, locked for the rest of the transaction (two deliveries for
 * one customer serialise here). Checkout may be the first news of a customer Stripe created
 * itself: the session's organization takes it when it has none.
 */
async function lockTargets(tx: Tx, target: EventTarget, log: Deps['log']): Promise<Organization[]> {
  if (!target.customerId) return [];
  const billed = await lockOrganizationsOfCustomer(tx, target.customerId);
  if (billed.length || target.organizationRef === null) return billed;
  const org = await lockOrganization(tx, target.organizationRef);
  if (!org) return [];
  if (org.stripeCustomerId && org.stripeCustomerId !== target.customerId) {
    log.warn({ organizationId: org.id, customerId: target.customerId }, 'stripe webhook: checkout for an organization billed to another customer; ignored');
    return [];
  }
  await setStripeCustomerId(tx, org.id, target.customerId);
  return [{ ...org, stripeCustomerId: target.customerId }];
}

/**
 * Applies a subscription's current state to its organizations. Order-independent by
 * construction: the state comes from Stripe now, not from the event, so an old event delivered
 * late applies today's state again. A subscription that ended (or that Stripe no longer knows)
 * closes only the organizations it is the current subscription of — cancelling an old
 * subscription must not close an organization that has since subscribed again, nor an abandoned
 * checkout's expiry a running trial.
 */
async function applySnapshot(tx: Tx, deps: Deps, orgs: Organization[], subscriptionId: string, sub: SubscriptionSnapshot | null): Promise<number[]> {
  if (!sub || sub.status === 'canceled' || sub.status === 'incomplete_expired') {
    // Without a recorded subscription only a Stripe-billed organization (older data) is closed: a
    // running trial stays open when a checkout its admin abandoned expires (incomplete_expired).
    const current = orgs
      .filter((o) => o.stripeSubscriptionId === subscriptionId || (o.stripeSubscriptionId === null && o.planSource === 'stripe'))
      .map((o) => o.id);
    await expireSubscription(tx, current);
    return current;
  }
  // Not yet paid (incomplete) or paused: the organization stays as it is until Stripe decides.
  if (sub.status !== 'active' && sub.status !== 'trialing' && sub.status !== 'past_due' && sub.status !== 'unpaid') return [];
  const plan = planForPriceId(deps.config, sub.priceId);
  if (!plan) {
    deps.log.warn({ subscriptionId, priceId: sub.priceId }, 'stripe webhook: the subscription has a price that is not configured in STRIPE_PRICES; ignored');
    return [];
  }
  const failing = sub.status === 'past_due' || sub.status === 'unpaid';
  const ids = orgs.map((o) => o.id);
  await applySubscriptionState(tx, ids, {
    plan: plan.plan,
    status: failing ? (sub.status as 'past_due' | 'unpaid') : 'active',
    stripeSubscriptionId: sub.id,
    billingPeriod: plan.period,
    currentPeriodEnd: sub.currentPeriodEnd,
    // The subscription's own status says whether a payment is failing (Stripe moves it to
    // past_due when a renewal's payment fails, back to active when one is paid), so a late
    // invoice.payment_failed after the invoice was paid cannot set the mark again.
    paymentFailed: failing,
  });
  return ids;
}

/**
 * Processes one verified Stripe event, exactly once: the event id is claimed in the same
 * transaction as its effect, so a repeat delivery changes nothing and a failure (Stripe
 * unreachable while reading the subscription) rolls the claim back for Stripe's retry. Events for
 * customers of no organization are recorded and change nothing.
 */
export async function processStripeEvent(deps: Deps, event: StripeEventEnvelope): Promise<WebhookOutcome> {
  const stripe = stripeFor(deps.config);
  return deps.db.transaction(async (tx): Promise<WebhookOutcome> => {
    if (!(await claimStripeEvent(tx, event.id, event.type))) return { result: 'duplicate' };
    const target = targetOf(event);
    const done = async (outcome: WebhookOutcome, orgId: number | null = null) => {
      await markStripeEventProcessed(tx, event.id, orgId);
      return outcome;
    };
    if (!target) return done({ result: 'ignored', reason: 'event type not handled' });
    const orgs = await lockTargets(tx, target, deps.log);
    if (!orgs.length) return done({ result: 'ignored', reason: 'no organization for this customer' });
    if (!target.subscriptionId || !stripe) return done({ result: 'ignored', reason: 'no subscription to read' }, orgs[0].id);
    // Read inside the lock: of two deliveries at once, the later one reads the later state.
    const sub = await stripe.retrieveSubscription(target.subscriptionId);
    if (sub && sub.customerId !== target.customerId) {
      deps.log.warn({ eventId: event.id, subscriptionId: sub.id }, 'stripe webhook: the subscription belongs to another customer; ignored');
      return done({ result: 'ignored', reason: 'subscription of another customer' }, orgs[0].id);
    }
    const changed = await applySnapshot(tx, deps, orgs, target.subscriptionId, sub);
    return done({ result: 'applied', organizationIds: changed }, orgs[0].id);
  });
}
