import type { FastifyInstance } from 'fastify';

/** The videos feature's HTTP routes (spec 001 "Video feed (YouTube)", "Saved videos and streams"). */
export default async function videosRoutes(_app: FastifyInstance) {}
