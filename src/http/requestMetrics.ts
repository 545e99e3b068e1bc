import type { RequestHandler } from 'express';
import type { Metrics } from '../metrics/Metrics.js';

/**
 * Counts and times every answer by endpoint (the route's path, such as `/suggest`;
 * `res.locals.endpoint` where there is no route, as for `/assets`; or `other` for paths the service does not have, so that no client can invent series) and
 * status; and the cache lookups of the endpoints that have a cache.
 */
export function requestMetrics(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('close', () => {
      const route: unknown = req.route?.path ?? res.locals.endpoint;
      const endpoint = typeof route === 'string' ? route : 'other';
      const cache = res.locals.cache === 'hit' || res.locals.cache === 'miss' ? res.locals.cache : undefined;
      metrics.request(endpoint, res.statusCode, Number(process.hrtime.bigint() - started) / 1e9, cache);
    });
    next();
  };
}
