import { MSG } from '../../../common/messages.js';
import { isTrialExpired } from '../../../common/policy.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { OrgAuth } from '../../http/auth.js';
import { authorize } from '../../http/authorize.js';
import { AppError, fieldError } from '../../http/errors.js';
import { StripeRequestError, StripeUnavailableError, type StripeClient } from '../../integrations/stripe/client.js';
import { findOrganization } from '../organizations/service.js';
import { planForPriceId } from './service.js';
import { stripeFor } from './stripe.js';

const CUSTOMER_POINTER = '/data/attributes/customer_id';

/** Subscription states in which Stripe still bills the organization: a second checkout would charge twice. */
const LIVE_STATUSES = new Set(['active', 'past_due', 'unpaid']);

type Deps = { db: Db; config: Config };
type Organization = NonNullable<Awaited<ReturnType<typeof findOrganization>>>;

/**
 * The checks checkout and the portal share, in an order that reveals nothing: the caller's role
 * and organization first (they do not depend on the body), then whether `customerId` is the
 * organization's own — another organization's customer id is 404 whether or not Stripe is
 * connected — then whether billing is connected at all, then whether the organization has a
 * customer yet. An absent customer_id means the organization's own.
 */
async function billableOrganization(
  deps: Deps,
  auth: OrgAuth,
  customerId: string | null | undefined,
): Promise<{ org: Organization; customerId: string; stripe: StripeClient }> {
  // An admin (else "Contact the admin…"), of an organization that pays (not the platform operator).
  authorize(auth, 'billing.manage');
  const org = await findOrganization(deps.db, auth.orgId);
  if (!org) throw new AppError('no_org', MSG.pages.noOrg);
  if (customerId && customerId !== org.stripeCustomerId) throw new AppError('not_found', 'The customer was not found', CUSTOMER_POINTER);
  const stripe = stripeFor(deps.config);
  if (!stripe) throw new AppError('not_connected', MSG.billing.notConnected(deps.config.billingContactEmail));
  if (!org.stripeCustomerId) throw new AppError('no_customer', MSG.billing.noCustomerId, CUSTOMER_POINTER);
  return { org, customerId: org.stripeCustomerId, stripe };
}

/**
 * Stripe's failures as the caller sees them: our upstream failed (502), whatever Stripe said — a
 * 4xx from Stripe for a request we built means our configuration is wrong, not the caller's input.
 */
function gatewayError(err: unknown, detail: string): unknown {
  if (!(err instanceof StripeUnavailableError || err instanceof StripeRequestError)) return err;
  const gateway = new AppError('bad_gateway', detail);
  // The error handler logs 5xx with their cause: what Stripe said stays in our logs, not in the answer.
  gateway.cause = err;
  return gateway;
}

/**
 * Opens a Stripe Checkout Session for a subscription to `priceId` (one of this server's
 * configured prices). After paying, Stripe sends the browser to /subscription-upgrade-success;
 * cancelling returns to the end-of-trial page when the workspace is closed, else to the settings.
 * The organization id rides along (client_reference_id, metadata) so that the webhook finds it.
 */
export async function createCheckout(deps: Deps, auth: OrgAuth, input: { priceId: string; customerId: string | null | undefined; base: string }) {
  const { org, customerId, stripe } = await billableOrganization(deps, auth, input.customerId);
  if (!planForPriceId(deps.config, input.priceId)) throw fieldError('/data/attributes/items/0/price', MSG.billing.notOnSale);
  if (org.planSource === 'stripe' && LIVE_STATUSES.has(org.subscriptionStatus)) {
    throw new AppError('conflict', MSG.billing.alreadySubscribed, '/data/attributes/items');
  }
  try {
    return await stripe.createCheckoutSession({
      customerId,
      priceId: input.priceId,
      successUrl: `${input.base}/subscription-upgrade-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: isTrialExpired(org) ? `${input.base}/errors/end-of-trial` : `${input.base}/settings`,
      organizationId: org.id,
    });
  } catch (err) {
    throw gatewayError(err, MSG.billing.checkoutFailure);
  }
}

/** Opens the Stripe customer portal (plan changes, cards, invoices, cancellation); it returns to the settings. */
export async function createPortal(deps: Deps, auth: OrgAuth, input: { customerId: string | null | undefined; base: string }) {
  const { customerId, stripe } = await billableOrganization(deps, auth, input.customerId);
  try {
    return await stripe.createPortalSession({ customerId, returnUrl: `${input.base}/settings` });
  } catch (err) {
    throw gatewayError(err, MSG.billing.portalFailure);
  }
}
