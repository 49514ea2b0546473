import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberOf, org, PUBLIC } from '../../http/access.js';
import { AppError } from '../../http/errors.js';
import { JSONAPI, resource } from '../../http/jsonapi.js';
import { constructEvent, StripeRequestError, StripeSignatureError, StripeUnavailableError } from '../../integrations/stripe/client.js';
import { createCheckout, createPortal } from './checkout.js';
import { checkoutBody, portalBody, productsDocument, sessionDocument, stripeEventSchema } from '../../../common/schemas/billing.js';
import { jsonApi, plainJson, refusals } from '../../http/openapi.js';
import { z } from 'zod';
import { listProducts } from './service.js';
import { processStripeEvent } from './webhooks.js';
import { appBaseUrl } from '../../http/base-url.js';

/** Stripe's events are a few kilobytes; a megabyte leaves room and bounds what a stranger can send. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * The webhook's exact bytes. Held in a private field so that the generic body walkers (the NUL
 * check visits every value of a parsed body) do not visit a megabyte byte by byte.
 */
class RawBody {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes() {
    return this.#bytes;
  }
}

/**
 * Billing (issue 14): the plans on sale, Stripe Checkout and the customer portal for an
 * organization's admins, and Stripe's webhook.
 */
export default async function billingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, db, authenticator } = app.deps;

  /**
   * GET /api/products: the plans on sale (001 §10), for the upgrade screens. Any signed-in member,
   * also of an organization whose trial has ended (that is when the plans are shown). Holds no
   * organization's data.
   */
  app.get(
    '/products',
    {
      config: org({ closedWorkspace: 'allowed' }),
      schema: {
        tags: ['billing'],
        summary: 'Plans on sale with prices (minor units) and price ids',
        response: { 200: jsonApi(productsDocument), ...refusals(403) },
      },
    },
    async (req, reply) => {
      const products = listProducts(config);
      return reply.type(JSONAPI).send({
        data: products.map((p) => resource('product', p.key, { ...p.attributes })),
        meta: {
          total_entries: products.length,
          last_page: 1,
          page_number: 1,
          page_size: products.length,
          // Without a Stripe key nobody can pay here: the upgrade screens name whom to write to instead.
          billing: { checkout_enabled: !!config.stripe.secretKey, contact_email: config.billingContactEmail },
        },
      });
    },
  );

  // Checkout and the portal stay open after a trial ended: that is exactly when an admin needs
  // them. `billing.manage` is the service's check, after the request's Host is read (400 first).
  const billing = org({ closedWorkspace: 'allowed' });
  app.post(
    '/checkout',
    {
      config: billing,
      schema: {
        tags: ['billing'],
        summary: "A Stripe Checkout Session for a plan (the organization's admins)",
        body: checkoutBody,
        // 404: another customer id; 409: the organization is subscribed; 502: Stripe failed; 503: Stripe is not configured.
        response: { 201: jsonApi(sessionDocument('checkout')), ...refusals(403, 404, 409, 502, 503) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const { items, customer_id } = req.body.data.attributes;
      const session = await createCheckout({ db, config }, auth, { priceId: items[0].price, customerId: customer_id, base: appBaseUrl(config, req) });
      req.log.info({ organizationId: auth.orgId, sessionId: session.id }, 'billing: checkout session opened');
      return reply
        .code(201)
        .type(JSONAPI)
        .send({ data: { type: 'checkout' as const, id: session.id, attributes: { url: session.url } } });
    },
  );

  app.post(
    '/customer_portal',
    {
      config: billing,
      schema: {
        tags: ['billing'],
        summary: "A Stripe customer portal session (the organization's admins)",
        body: portalBody,
        response: { 201: jsonApi(sessionDocument('customer_portal')), ...refusals(403, 404, 502, 503) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const session = await createPortal({ db, config }, auth, { customerId: req.body.data.attributes.customer_id, base: appBaseUrl(config, req) });
      return reply
        .code(201)
        .type(JSONAPI)
        .send({ data: { type: 'customer_portal' as const, id: session.id, attributes: { url: session.url } } });
    },
  );

  // Stripe's webhook, in its own scope: only here is a JSON body kept as bytes, because the
  // signature covers the exact bytes sent, not a re-serialisation of them.
  await app.register(async (hooks) => {
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body: Buffer, done) =>
      done(null, new RawBody(body)),
    );

    hooks.post(
      '/webhooks/stripe',
      {
        // The Stripe-Signature header is the credential.
        config: PUBLIC,
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          tags: ['billing'],
          summary: 'Stripe events (signed with STRIPE_WEBHOOK_SECRET)',
          security: [],
          consumes: ['application/json'],
          documentedBody: stripeEventSchema,
          // 400: the Stripe-Signature header does not match; 502: Stripe could not be read; 503: webhooks are not configured.
          response: { 200: plainJson(z.object({ received: z.literal(true) })), ...refusals(502, 503) },
        },
      },
      async (req, reply) => {
        const secret = config.stripe.webhookSecret;
        if (!secret || !config.stripe.secretKey) throw new AppError('not_connected', 'Stripe webhooks are not configured on this server');
        const header = req.headers['stripe-signature'];
        let event;
        try {
          if (!(req.body instanceof RawBody)) throw new StripeSignatureError('The body is not the JSON Stripe sends');
          event = await constructEvent(req.body.bytes, typeof header === 'string' ? header : undefined, secret);
        } catch (err) {
          if (err instanceof StripeSignatureError) {
            req.log.warn({ reason: err.message }, 'stripe webhook: signature refused');
            throw new AppError('bad_request', 'The Stripe-Signature header does not match this body');
          }
          throw err;
        }
        try {
          const outcome = await processStripeEvent({ db, config, log: req.log }, event);
          req.log.info({ eventId: event.id, type: event.type, ...outcome }, 'stripe webhook');
          // Cached callers must see the new plan (or customer) on their next request, not in a few
          // seconds; webhooks are rare enough to drop the whole cache.
          if (outcome.result !== 'duplicate') authenticator.forgetAll();
        } catch (err) {
          // Nothing was recorded (the transaction rolled back): Stripe retries the delivery.
          if (err instanceof StripeUnavailableError || err instanceof StripeRequestError) {
            const gateway = new AppError('bad_gateway', 'Stripe could not be reached to read the subscription; retry later');
            gateway.cause = err;
            throw gateway;
          }
          throw err;
        }
        return reply.code(200).send({ received: true });
      },
    );
  });
}
