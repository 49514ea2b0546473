/**
 * The plans as the pricing table of spec 001 §9 states them (prices in minor units, as the
 * products carry them). Agency is priced on contact.
 */
export interface PlanOffer {
  key: 'starter' | 'pro' | 'agency';
  name: string;
  monthly: number | null;
  annual: number | null;
  features: string[];
  highlighted?: boolean;
}

export const PLAN_OFFERS: PlanOffer[] = [
  {
    key: 'starter',
    name: 'Starter',
    monthly: 24900,
    annual: 267000,
    features: ['6 active projects', '1 organization', '3 months of search history', 'A single alert per project'],
  },
  {
    key: 'pro',
    name: 'Pro',
    monthly: 49900,
    annual: 539000,
    highlighted: true,
    features: ['Up to 12 projects', '3 organizations', '6 months of history', 'Shared projects', 'An account manager'],
  },
  {
    key: 'agency',
    name: 'Agency',
    monthly: null,
    annual: null,
    features: ['30+ projects', '3+ organizations', '12+ months of history', 'Multiple alerts', 'Custom branding'],
  },
];

/** 24900 → "$249"; 267000 → "$2,670". */
export function formatPrice(minor: number): string {
  return `$${(minor / 100).toLocaleString('en-US', { maximumFractionDigits: 0 })}`;
}
