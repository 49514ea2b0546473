import type { FastifyInstance } from 'fastify';
import { requireOrg } from '../../http/auth.js';
import { JSONAPI, resource } from '../../http/jsonapi.js';
import { listProducts } from './service.js';

/**
 * GET /api/products: the plans on sale (001 §10), for the upgrade screens. Any signed-in member,
 * also of an organization whose trial has ended (that is when the plans are shown). Holds no
 * organization's data.
 */
export default async function billingRoutes(app: FastifyInstance) {
  const { config } = app.deps;

  app.get('/products', { schema: { tags: ['billing'], summary: 'Plans on sale with prices (minor units) and price ids' } }, async (req, reply) => {
    requireOrg(req);
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
  });
}
