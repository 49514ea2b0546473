import type { FastifyInstance } from 'fastify';

/**
 * OpenID Connect login beside local accounts.
 * TO BE IMPLEMENTED (issue 15): see /tmp/brief15/.
 */
export default async function oidcRoutes(_app: FastifyInstance) {}
