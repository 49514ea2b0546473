import type { FastifyInstance } from 'fastify';

/**
 * E-mail notifications (001 "Notifications"): POST/PATCH/GET notifications, and the public one-click unsubscribe.
 * TO BE IMPLEMENTED (issue 15): see /tmp/brief15/.
 */
export default async function digestRoutes(_app: FastifyInstance) {}
