import { declare, type Route } from '../http/Route.js';
import type { Metrics } from '../metrics/Metrics.js';
import { OPERATIONS } from './tags.js';

/**
 * GET /metrics: the Prometheus text format, never cached, and not for pages of other origins
 * (no CORS headers, where every other answer has them): a scraper needs none, and a page
 * elsewhere has no business reading the service's load.
 */
export function metricsRoute(metrics: Metrics): Route {
  return declare({
    path: '/metrics',
    operational: 'monitoring',
    tag: OPERATIONS,
    summary: 'Prometheus metrics',
    description:
      "Requests by endpoint and status, cache hits and misses, store query durations by query name, store errors by kind, the store query queue, the event loop's delay, the worker pool's load, and the process.",
    answers: {
      '200': { description: 'The Prometheus text exposition format.', content: { 'text/plain': { schema: { type: 'string' } } } },
    },
    cache: 'none',
    send: async (_input, _req, res) => {
      const { contentType, text } = await metrics.render();
      res.removeHeader('Access-Control-Allow-Origin');
      res.removeHeader('Access-Control-Expose-Headers');
      res.status(200).set('Cache-Control', 'no-store').type(contentType).send(text);
    },
  });
}
