import { useQuery } from '@tanstack/react-query';
import type { ProductAttributes, ProductKey } from '../../../../common/plans';
import { apiFetch, type ListDocument } from '../../../lib/api';

/**
 * A plan card's data: a product of GET products (the one definition in common/plans.ts, prices in
 * minor units, price ids from the server's configuration). Agency is priced on contact.
 */
export interface PlanOffer {
  key: ProductKey;
  name: string;
  description: string;
  monthly: number | null;
  annual: number | null;
  currency: string;
  features: string[];
  contactSales: boolean;
  highlighted?: boolean;
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
    currency: a.currency,
    features: a.features,
    contactSales: a.contact_sales,
    highlighted: id === HIGHLIGHTED,
  };
}

/** GET products: the plans on sale, loaded once per session. */
export function usePlanOffers() {
  return useQuery({
    queryKey: ['products'],
    queryFn: async ({ signal }) => {
      const doc = await apiFetch<ListDocument<ProductAttributes>>('products', { signal });
      return doc.data.map((p) => toPlanOffer(p.id, p.attributes));
    },
    staleTime: Infinity,
  });
}

/** The yearly saving against twelve monthly payments, in whole percent (267000 vs 12 × 24900 → 11). */
export function annualDiscountPercent(monthly: number | null, annual: number | null): number | null {
  if (monthly === null || annual === null || monthly <= 0) return null;
  return Math.round((1 - annual / (12 * monthly)) * 100);
}

/** 24900 → "$249"; 267000 → "$2,670" (minor units; other currencies by their code). */
export function formatPrice(minor: number, currency = 'usd'): string {
  const amount = (minor / 100).toLocaleString('en-US', { maximumFractionDigits: 0 });
  return currency.toLowerCase() === 'usd' ? `$${amount}` : `${amount} ${currency.toUpperCase()}`;
}
