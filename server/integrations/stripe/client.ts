/**
 * A small typed wrapper over the official Stripe SDK (shared/reference/third-party-apis.md §5):
 * the calls billing makes, answers narrowed to the fields it reads, and three error classes
 * instead of the SDK's many. The base URL comes from configuration (STRIPE_API_URL) so that tests
 * and `npm run dev -- --fakes` talk to the local fake (test/fakes/stripe.ts).
 */
import type Stripe from 'stripe';
import type { Config } from '../../config.js';

/** The SDK, loaded with the first call rather than with the process (issue 28's footprint: ~4 MB of heap an idle server without billing never uses). */
const loadStripe = async () => (await import('stripe')).default;

/** Stripe failed: it answered 5xx/429, refused our key, timed out or could not be reached. */
export class StripeUnavailableError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/** Stripe refused the request itself (4xx): a bad parameter, an unknown id. */
export class StripeRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
    readonly param: string | null,
  ) {
    super(message);
  }
}

/** A webhook whose `Stripe-Signature` does not match its body, or is too old. */
export class StripeSignatureError extends Error {}

/** Webhook signatures older than this are refused (the SDK's default, 300 s). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** A subscription as billing reads it. */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  /** incomplete, incomplete_expired, trialing, active, past_due, canceled, unpaid, paused. */
  status: string;
  priceId: string | null;
  /** The period end of the first item (API basil and later), else the subscription's own (older versions). */
  currentPeriodEnd: Date | null;
  metadata: Record<string, string>;
}

/** A verified webhook event: its id, type and the object it is about (shape by type). */
export interface StripeEventEnvelope {
  id: string;
  type: string;
  object: Record<string, unknown>;
}

export interface StripeClient {
  /** Creates a customer; the same `idempotencyKey` returns the first customer again. */
  createCustomer(input: { name: string; email: string | null; organizationId: number; idempotencyKey: string }): Promise<{ id: string }>;
  createCheckoutSession(input: {
    customerId: string;
    priceId: string;
    successUrl: string;
    cancelUrl: string;
    organizationId: number;
  }): Promise<{ id: string; url: string }>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ id: string; url: string }>;
  /** The subscription's current state; null when Stripe does not know it (404). */
  retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null>;
}

/** Stripe calls answer in well under a second; a hung call must not hold a request or a transaction. */
const TIMEOUT_MS = 10_000;

/** A client for the configured Stripe account, or null when billing is not connected (no secret key). */
export function createStripeClient(config: Pick<Config, 'stripe'>): StripeClient | null {
  const { secretKey, apiUrl } = config.stripe;
  if (!secretKey) return null;
  const base = new URL(apiUrl);
  let sdk: Promise<Stripe> | null = null;
  const open = () =>
    (sdk ??= loadStripe().then(
      (StripeSdk) =>
        new StripeSdk(secretKey, {
          // Pinned to the SDK's own version so that its types describe the answers we get.
          apiVersion: StripeSdk.API_VERSION as Stripe.LatestApiVersion,
          host: base.hostname,
          port: base.port ? Number(base.port) : undefined,
          protocol: base.protocol === 'http:' ? 'http' : 'https',
          timeout: TIMEOUT_MS,
          maxNetworkRetries: 1,
          telemetry: false,
        }),
    ));

  return {
    async createCustomer({ name, email, organizationId, idempotencyKey }) {
      const c = await call(async () =>
        (await open()).customers.create({ name, ...(email ? { email } : {}), metadata: { organization_id: String(organizationId) } }, { idempotencyKey }),
      );
      return { id: c.id };
    },

    async createCheckoutSession({ customerId, priceId, successUrl, cancelUrl, organizationId }) {
      const metadata = { organization_id: String(organizationId) };
      const s = await call(async () =>
        (await open()).checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          line_items: [{ price: priceId, quantity: 1 }],
          success_url: successUrl,
          cancel_url: cancelUrl,
          client_reference_id: String(organizationId),
          metadata,
          subscription_data: { metadata },
          allow_promotion_codes: true,
        }),
      );
      if (!s.url) throw new StripeUnavailableError('Stripe answered a checkout session without a URL', null);
      return { id: s.id, url: s.url };
    },

    async createPortalSession({ customerId, returnUrl }) {
      const p = await call(async () => (await open()).billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }));
      return { id: p.id, url: p.url };
    },

    async retrieveSubscription(id) {
      try {
        return toSnapshot(await call(async () => (await open()).subscriptions.retrieve(id)));
      } catch (err) {
        if (err instanceof StripeRequestError && err.status === 404) return null;
        throw err;
      }
    },
  };
}

/** Verifies a webhook's signature over the exact bytes received and reads its envelope. */
export async function constructEvent(rawBody: Buffer, header: string | undefined, secret: string): Promise<StripeEventEnvelope> {
  if (!header) throw new StripeSignatureError('No Stripe-Signature header');
  // The SDK refuses signatures older than the tolerance only; one dated in the future (a replay
  // prepared in advance, or a clock far off) is refused too: |now − t| within the tolerance.
  const signedAt = Number(/(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(header)?.[1]);
  if (Number.isFinite(signedAt) && signedAt - Math.floor(Date.now() / 1000) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new StripeSignatureError('The signature is dated in the future');
  }
  let event: { id?: unknown; type?: unknown; data?: { object?: unknown } };
  try {
    event = (await loadStripe()).webhooks.constructEvent(rawBody, header, secret, WEBHOOK_TOLERANCE_SECONDS) as unknown as typeof event;
  } catch (err) {
    // The SDK throws its signature error for a bad header and a SyntaxError for a body that is not JSON.
    throw new StripeSignatureError(err instanceof Error ? err.message : 'The webhook could not be verified');
  }
  const object = event.data?.object;
  // Stripe's ids and event types are short words (and dots); anything else is not an event to store.
  if (
    typeof event.id !== 'string' ||
    !/^\w{1,255}$/.test(event.id) ||
    typeof event.type !== 'string' ||
    !/^[\w.]{1,255}$/.test(event.type) ||
    !object ||
    typeof object !== 'object'
  ) {
    throw new StripeSignatureError('The webhook is not a Stripe event');
  }
  return { id: event.id, type: event.type, object: object as Record<string, unknown> };
}

/** Runs an SDK call, turning its errors into ours. */
async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof (await loadStripe()).errors.StripeError) {
      const status = err.statusCode ?? null;
      // 401/403: our key is wrong — Stripe cannot be used, which is not the caller's fault.
      if (status !== null && status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 429) {
        throw new StripeRequestError(err.message, status, err.code ?? null, err.param ?? null);
      }
      throw new StripeUnavailableError(`Stripe: ${err.message}`, status);
    }
    throw new StripeUnavailableError(`Stripe could not be reached: ${err instanceof Error ? err.message : String(err)}`, null);
  }
}

function toSnapshot(sub: Stripe.Subscription): SubscriptionSnapshot {
  const item = sub.items?.data?.[0];
  // Older API versions carried the period on the subscription itself.
  const legacyEnd = (sub as unknown as { current_period_end?: unknown }).current_period_end;
  const end = typeof item?.current_period_end === 'number' ? item.current_period_end : typeof legacyEnd === 'number' ? legacyEnd : null;
  return {
    id: sub.id,
    customerId: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
    status: sub.status,
    priceId: item?.price?.id ?? null,
    currentPeriodEnd: end === null ? null : new Date(end * 1000),
    metadata: { ...(sub.metadata ?? {}) },
  };
}
