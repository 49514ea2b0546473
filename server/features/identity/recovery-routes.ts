import type { FastifyInstance } from 'fastify';

/**
 * Password reset and e-mail verification.
 * TO BE IMPLEMENTED (issue 15): see /tmp/brief15/.
 */
export default async function recoveryRoutes(_app: FastifyInstance) {}
