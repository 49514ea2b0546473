import { PRODUCTS, isExcludedProductName, type BillingPeriod, type Product, type ProductAttributes, type ProductKey } from '../../../common/plans.js';
import { STRIPE_PRICE_KEYS, type Config, type StripePriceKey } from '../../config.js';

export type { ProductAttributes };

function priceId(config: Pick<Config, 'stripePrices'>, key: ProductKey, period: BillingPeriod): string | null {
  const k = `${key}_${period}`;
  return (STRIPE_PRICE_KEYS as readonly string[]).includes(k) ? (config.stripePrices[k as StripePriceKey] ?? null) : null;
}

/** The plans on sale with this server's price ids; excluded product names are never listed. */
export function listProducts(config: Pick<Config, 'stripePrices'>): { key: ProductKey; attributes: ProductAttributes }[] {
  return PRODUCTS.filter((p: Product) => !isExcludedProductName(p.name)).map((p) => ({
    key: p.key,
    attributes: {
      name: p.name,
      description: p.description,
      features: [...p.features],
      missing_features: [...p.missing_features],
      monthly_price: p.monthly_price,
      annual_price: p.annual_price,
      currency: p.currency,
      monthly_price_id: p.contact_sales ? null : priceId(config, p.key, 'monthly'),
      annual_price_id: p.contact_sales ? null : priceId(config, p.key, 'annual'),
      contact_sales: p.contact_sales,
    },
  }));
}

/** The plan (and billing period) a subscription's price id belongs to; null for an unknown price. */
export function planForPriceId(config: Pick<Config, 'stripePrices'>, priceId: string | null | undefined): { plan: ProductKey; period: BillingPeriod } | null {
  if (!priceId) return null;
  for (const k of STRIPE_PRICE_KEYS) {
    if (config.stripePrices[k] === priceId) {
      const [plan, period] = k.split('_') as [ProductKey, BillingPeriod];
      return { plan, period };
    }
  }
  return null;
}

// Stripe customers (the sign-up and the hourly job create them).
export { createMissingCustomers, ensureCustomer } from './customers.js';
