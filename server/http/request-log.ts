import type { FastifyRequest } from 'fastify';

/**
 * What a request log line keeps of a request. The route's pattern stands for the path
 * (`/api/p/password_reset/:token`), so secrets that travel in paths — reset and confirmation
 * links, export downloads, invitation keys, unsubscribe tokens — never reach the logs; the query
 * string is dropped too (an OpenID callback's `code`, search terms). A request no route matched
 * logs its path without the query.
 */
export function requestLogFields(req: FastifyRequest) {
  const pattern = req.routeOptions?.url;
  return {
    method: req.method,
    url: pattern ?? req.url.split('?')[0],
    remoteAddress: req.ip,
  };
}
