import type { Request, Response } from 'express';
import type { RenderedBody } from './ResponseCache.js';

/**
 * Sends a 200 with the contract's caching headers: `Cache-Control: public, max-age=N` and a
 * strong ETag; a request whose `If-None-Match` matches gets a 304 without a body.
 */
export function sendRendered(req: Request, res: Response, rendered: RenderedBody, maxAge: number): void {
  res.status(200);
  res.set('Content-Type', 'application/json; charset=utf-8');
  res.set('Cache-Control', `public, max-age=${maxAge}`);
  res.set('ETag', rendered.etag);
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.send(rendered.body);
}
