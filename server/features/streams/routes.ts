import type { FastifyInstance } from 'fastify';

/** The streams feature's HTTP routes (spec 001 "Stream feed (Twitch)", "Saved videos and streams"). */
export default async function streamsRoutes(_app: FastifyInstance) {}
