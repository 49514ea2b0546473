import type { FastifyInstance } from 'fastify';

/** STUB (foundation): GET /metrics (Prometheus text format). */
export default async function metricsRoutes(_fastify: FastifyInstance) {}
