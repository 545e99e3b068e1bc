import type { RequestHandler } from 'express';
import type { Metrics } from '../metrics/Metrics.js';

/**
 * GET /metrics: the Prometheus text format, never cached, and not for pages of other origins
 * (no CORS headers, where every other answer has them): a scraper needs none, and a page
 * elsewhere has no business reading the service's load.
 */
export function metricsHandler(metrics: Metrics): RequestHandler {
  return async (_req, res) => {
    const { contentType, text } = await metrics.render();
    res.removeHeader('Access-Control-Allow-Origin');
    res.removeHeader('Access-Control-Expose-Headers');
    res.status(200).set('Cache-Control', 'no-store').type(contentType).send(text);
  };
}
