import type { FastifyInstance } from 'fastify';
import healthRoutes from './features/health/routes.js';
import authRoutes from './features/auth/routes.js';
import clientRoutes from './features/clients/routes.js';

/** Every feature's routes, mounted under /api. */
export async function registerRoutes(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(clientRoutes);
}
