import type { FastifyInstance } from 'fastify';

/**
 * The Slack app: OAuth v2 install and callback, the Events API (uninstall), the workspace's channels.
 * TO BE IMPLEMENTED (issue 15): see /tmp/brief15/.
 */
export default async function slackRoutes(_app: FastifyInstance) {}
