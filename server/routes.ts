import type { FastifyInstance } from 'fastify';
import healthRoutes from './features/health/routes.js';
import authRoutes from './features/auth/routes.js';
import clientRoutes from './features/clients/routes.js';
import organizationRoutes from './features/organizations/routes.js';
import inviteRoutes from './features/invites/routes.js';
import uploadRoutes from './features/uploads/routes.js';
import signupRoutes from './features/signup/routes.js';
import projectRoutes from './features/projects/routes.js';
import tagRoutes from './features/tags/routes.js';
import userRoutes from './features/users/routes.js';

/** Every feature's routes, mounted under /api. */
export async function registerRoutes(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(clientRoutes);
  await app.register(organizationRoutes);
  await app.register(inviteRoutes);
  await app.register(uploadRoutes);
  await app.register(signupRoutes);
  await app.register(projectRoutes);
  await app.register(tagRoutes);
  await app.register(userRoutes);
}
