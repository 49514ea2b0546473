import type { Config } from '../../config.js';
import { createStripeClient, type StripeClient } from '../../integrations/stripe/client.js';

// One SDK client per configuration (the process has one; tests build one per app).
const clients = new WeakMap<object, StripeClient | null>();

/** The Stripe client for this server's configuration; null when billing is not connected. */
export function stripeFor(config: Pick<Config, 'stripe'>): StripeClient | null {
  if (!clients.has(config.stripe)) clients.set(config.stripe, createStripeClient(config));
  return clients.get(config.stripe) ?? null;
}
