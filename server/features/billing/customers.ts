import type { Logger } from 'pino';
import { allows } from '../../../common/policy.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { findOrganization, listOrganizationAdmins, listOrganizationsWithoutCustomer, setStripeCustomerId } from '../organizations/service.js';
import { StripeUnavailableError } from '../../integrations/stripe/client.js';
import { stripeFor } from './stripe.js';

/** Organizations given a customer per run of the hourly job: a backlog drains over a few hours without bursting Stripe. */
export const CUSTOMERS_PER_RUN = 50;

/**
 * Makes sure an organization has a Stripe customer and returns its id; null when billing is not
 * connected, the organization is unknown, or it is the platform operator (which never pays).
 * Idempotent: an organization that has one keeps it, and Stripe's Idempotency-Key per
 * organization returns the first customer again when a retry follows a lost answer. Stripe's
 * failures are thrown (StripeUnavailableError / StripeRequestError).
 */
export async function ensureCustomer(deps: { db: Db; config: Pick<Config, 'stripe'> }, orgId: number): Promise<string | null> {
  const stripe = stripeFor(deps.config);
  if (!stripe) return null;
  const org = await findOrganization(deps.db, orgId);
  if (!org || allows({ org }, 'platform.operate')) return null;
  if (org.stripeCustomerId) return org.stripeCustomerId;
  // The first admin receives Stripe's receipts; an organization always has one (its creator).
  const [admin] = await listOrganizationAdmins(deps.db, orgId);
  const customer = await stripe.createCustomer({
    name: org.name,
    email: admin?.email ?? null,
    organizationId: orgId,
    idempotencyKey: `org-${orgId}-customer`,
  });
  if (await setStripeCustomerId(deps.db, orgId, customer.id)) return customer.id;
  // Another request stored one meanwhile (the same customer, thanks to the idempotency key).
  return (await findOrganization(deps.db, orgId))?.stripeCustomerId ?? customer.id;
}

/**
 * Creates Stripe customers for organizations that lack one (sign-ups while Stripe failed, added
 * organizations, installs that connected Stripe later): up to CUSTOMERS_PER_RUN per run, oldest
 * first. A failure is logged and counted, never thrown: the next run tries again.
 */
export async function createMissingCustomers(deps: {
  db: Db;
  config: Config;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
}): Promise<{ customersCreated: number }> {
  if (!stripeFor(deps.config)) return { customersCreated: 0 };
  const orgs = await listOrganizationsWithoutCustomer(deps.db, CUSTOMERS_PER_RUN);
  let customersCreated = 0;
  let failed = 0;
  for (const org of orgs) {
    try {
      if (await ensureCustomer(deps, org.id)) customersCreated++;
    } catch (err) {
      failed++;
      deps.log.warn({ err, organizationId: org.id }, 'billing: creating the Stripe customer failed; the next run retries');
      // Stripe is down or refuses our key: every other organization would wait for the same timeout.
      if (err instanceof StripeUnavailableError) break;
    }
  }
  if (customersCreated || failed) deps.log.info({ customersCreated, failed }, 'billing: Stripe customers created');
  return { customersCreated };
}
