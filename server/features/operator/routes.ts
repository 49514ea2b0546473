import type { FastifyInstance } from 'fastify';

/**
 * The platform operator's console (organization 1 admins): every organization with its plan,
 * status, trial end and usage; change a plan, extend a trial. TO BE IMPLEMENTED (issue 14, trial
 * helper): see /tmp/brief14/helper-b.md.
 */
export default async function operatorRoutes(_app: FastifyInstance) {}
