import { useQuery } from '@tanstack/react-query';
import type { ProductAttributes, ProductKey } from '../../../../common/plans';
import { apiFetch, type ListDocument } from '../../../lib/api';

/**
 * A plan column's data: a product of GET products (the one definition in common/plans.ts, prices in
 * minor units, price ids from the server's STRIPE_PRICES). Agency is priced on contact.
 */
export interface PlanOffer {
  key: ProductKey;
  name: string;
  description: string;
  monthly: number | null;
  annual: number | null;
  monthlyPriceId: string | null;
  annualPriceId: string | null;
  currency: string;
  features: string[];
  /** What the plan lacks that another has ("YouTube and Twitch feeds"), shown marked as missing. */
  missingFeatures: string[];
  contactSales: boolean;
  highlighted: boolean;
}

/** Whether this server can take payments (`meta.billing` of GET products), and whom to write to otherwise. */
export interface BillingSettings {
  checkoutEnabled: boolean;
  contactEmail: string;
}

export interface Catalogue {
  plans: PlanOffer[];
  billing: BillingSettings;
}

/** The plan shown as "Most popular". */
const HIGHLIGHTED: ProductKey = 'pro';

export function toPlanOffer(id: string, a: ProductAttributes): PlanOffer {
  return {
    key: id as ProductKey,
    name: a.name,
    description: a.description,
    monthly: a.monthly_price,
    annual: a.annual_price,
    monthlyPriceId: a.monthly_price_id,
    annualPriceId: a.annual_price_id,
    currency: a.currency,
    features: a.features,
    missingFeatures: a.missing_features,
    contactSales: a.contact_sales,
    highlighted: id === HIGHLIGHTED,
  };
}

type ProductsDocument = ListDocument<ProductAttributes> & { meta: { billing?: { checkout_enabled?: boolean; contact_email?: string } } };

export const productsQueryKey = ['products'] as const;

/** GET products: the plans on sale and the billing settings, loaded once per session. */
export function useProducts() {
  return useQuery({
    queryKey: productsQueryKey,
    queryFn: async ({ signal }): Promise<Catalogue> => {
      const doc = await apiFetch<ProductsDocument>('products', { signal });
      return {
        plans: doc.data.map((p) => toPlanOffer(p.id, p.attributes)),
        billing: { checkoutEnabled: doc.meta.billing?.checkout_enabled === true, contactEmail: doc.meta.billing?.contact_email ?? '' },
      };
    },
    staleTime: Infinity,
  });
}

/** The price id a checkout sends for this plan and period; null when the server has none configured. */
export const priceIdOf = (plan: PlanOffer, period: 'monthly' | 'annual') => (period === 'monthly' ? plan.monthlyPriceId : plan.annualPriceId);

/** The yearly saving against twelve monthly payments, in whole percent (267000 vs 12 × 24900 → 11). */
export function annualDiscountPercent(monthly: number | null, annual: number | null): number | null {
  if (monthly === null || annual === null || monthly <= 0) return null;
  return Math.round((1 - annual / (12 * monthly)) * 100);
}

/**
 * The yearly saving for the Monthly/Annual switch: "Save 10 %" when every paid plan saves the same,
 * "Save up to 11 %" when they differ; null when none saves.
 */
export function annualSavingLabel(plans: readonly PlanOffer[]): string | null {
  const all = plans.map((p) => annualDiscountPercent(p.monthly, p.annual)).filter((d): d is number => d !== null && d > 0);
  if (!all.length) return null;
  const best = Math.max(...all);
  return all.every((d) => d === best) ? `Save ${best} %` : `Save up to ${best} %`;
}

/** 24900 → "$249"; 267000 → "$2,670" (minor units; other currencies by their code). */
export function formatPrice(minor: number, currency = 'usd'): string {
  const amount = (minor / 100).toLocaleString('en-US', { maximumFractionDigits: 0 });
  return currency.toLowerCase() === 'usd' ? `$${amount}` : `${amount} ${currency.toUpperCase()}`;
}

/** A mailto link with a subject, e.g. to ask for an add-on or a plan when billing is not connected here. */
export function mailtoHref(email: string, subject: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}`;
}
