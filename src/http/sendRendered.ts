import type { Request, Response } from 'express';
import type { RenderedBody } from './ResponseCache.js';

/**
 * Sends a 200 with the contract's caching headers: `Cache-Control: public, max-age=N` and a
 * strong ETag; a request whose `If-None-Match` matches gets a 304 without a body.
 */
export function sendRendered(req: Request, res: Response, rendered: RenderedBody, maxAge: number): void {
  sendBody(req, res, rendered, 'application/json; charset=utf-8', `public, max-age=${maxAge}`);
}

/** Sends a 200 of `rendered` with its strong ETag, `type` and `cacheControl`; a request whose `If-None-Match` matches gets a 304 without a body. */
export function sendBody(req: Request, res: Response, rendered: RenderedBody, type: string, cacheControl: string): void {
  res.set('Content-Type', type);
  res.set('Cache-Control', cacheControl);
  res.set('ETag', rendered.etag);
  if (ifNoneMatchHolds(req.get('If-None-Match'), rendered.etag)) {
    res.status(304).end();
    return;
  }
  res.status(200).send(rendered.body);
}

/**
 * RFC 9110, 13.1.2: `*` or any listed entity tag equal to ours by the weak comparison. A
 * request's `Cache-Control: no-cache` does not matter here: it speaks to caches, and this
 * is the origin (fetch() adds it to every conditional request it is given).
 */
function ifNoneMatchHolds(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === opaque;
  });
}
