import { z } from 'zod';

// Request bodies of POST /api/checkout and /api/customer_portal (docs/api.md "Billing"): the server
// validates them, the web builds its documents to their types (web/features/billing/api/payments.ts).

const customerId = z.string().max(255).nullish();

export const checkoutBody = z.object({
  data: z.object({
    type: z.literal('checkout'),
    attributes: z.object({
      // One plan per checkout: the subscription has one price.
      items: z
        .array(
          z.object({
            price: z.string().min(1, 'Choose a plan').max(255),
            quantity: z.literal(1, { error: 'The quantity must be 1' }),
          }),
        )
        .length(1, 'Choose exactly one plan'),
      customer_id: customerId,
    }),
  }),
});

export const portalBody = z.object({
  data: z.object({
    type: z.literal('customer_create_portal'),
    attributes: z.object({ customer_id: customerId }),
  }),
});

/** 201 of both: where the browser goes next. */
export const sessionDocument = (type: 'checkout' | 'customer_portal') =>
  z.object({ data: z.object({ type: z.literal(type), id: z.string(), attributes: z.object({ url: z.string() }) }) });

export type CheckoutBody = z.input<typeof checkoutBody>;
export type PortalBody = z.input<typeof portalBody>;

/** GET products: the plans on sale (ProductAttributes of common/plans.ts), and how to buy them. */
export const productsDocument = z.object({
  data: z.array(
    z.object({
      type: z.literal('product'),
      id: z.string(),
      attributes: z.object({
        name: z.string(),
        description: z.string(),
        features: z.array(z.string()),
        missing_features: z.array(z.string()),
        /** Minor units (cents); null for a plan sold by contact. */
        monthly_price: z.number().int().nullable(),
        annual_price: z.number().int().nullable(),
        currency: z.string(),
        monthly_price_id: z.string().nullable(),
        annual_price_id: z.string().nullable(),
        contact_sales: z.boolean(),
      }),
    }),
  ),
  meta: z.object({
    total_entries: z.number().int(),
    last_page: z.number().int(),
    page_number: z.number().int(),
    page_size: z.number().int(),
    billing: z.object({ checkout_enabled: z.boolean(), contact_email: z.string() }),
  }),
});

/** POST webhooks/stripe: a Stripe event, read as the bytes Stripe signed. */
export const stripeEventSchema = z.looseObject({ id: z.string(), type: z.string(), data: z.looseObject({ object: z.looseObject({}) }) });
