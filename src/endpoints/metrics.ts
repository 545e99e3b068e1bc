import type { RequestHandler } from 'express';
import type { Metrics } from '../metrics/Metrics.js';

/** GET /metrics: the Prometheus text format, never cached. */
export function metricsHandler(metrics: Metrics): RequestHandler {
  return async (_req, res) => {
    const { contentType, text } = await metrics.render();
    res.status(200).set('Cache-Control', 'no-store').type(contentType).send(text);
  };
}
