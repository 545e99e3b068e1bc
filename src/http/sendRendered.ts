import type { Request, Response } from 'express';
import { COMPRESS_FROM, chosenEncoding, compressedBody, encodedEtag, type Effort } from './compressed.js';
import { admitAnswer } from './outgoingBytes.js';
import type { RenderedBody } from './ResponseCache.js';

/**
 * Sends a 200 with the contract's caching headers: `Cache-Control: public, max-age=N` and a
 * strong ETag; a request whose `If-None-Match` matches gets a 304 without a body. Compressed
 * where the client accepts it (`sendBody`).
 */
export function sendRendered(
  req: Request,
  res: Response,
  rendered: RenderedBody,
  maxAge: number,
  effort: Effort = 'answer',
): Promise<void> {
  return sendBody(req, res, rendered, 'application/json; charset=utf-8', `public, max-age=${maxAge}`, effort);
}

/**
 * Sends a 200 of `rendered` with its strong ETag, `type` and `cacheControl`; a request whose
 * `If-None-Match` matches gets a 304 without a body. A body of 1 kB or more goes out in
 * brotli or gzip where the request's `Accept-Encoding` allows (`Vary: Accept-Encoding`), with
 * an ETag of its own (`"...-br"`), compressed once per rendered body off the thread that
 * answers HTTP. The bytes sent are held to the process' bound for unsent answers
 * (`admitAnswer`): past it, a 503 with `Retry-After`.
 */
export async function sendBody(
  req: Request,
  res: Response,
  rendered: RenderedBody,
  type: string,
  cacheControl: string,
  effort: Effort = 'asset',
): Promise<void> {
  const varies = rendered.body.length >= COMPRESS_FROM;
  const encoding = varies ? chosenEncoding(req.get('Accept-Encoding')) : undefined;
  const etag = encodedEtag(rendered.etag, encoding);
  res.set('Content-Type', type);
  res.set('Cache-Control', cacheControl);
  res.set('ETag', etag);
  if (varies) res.vary('Accept-Encoding');
  if (ifNoneMatchHolds(req.get('If-None-Match'), etag)) {
    res.status(304).end();
    return;
  }
  if (encoding === undefined) {
    admitAnswer(res, Buffer.byteLength(rendered.body));
    res.status(200).send(rendered.body);
    return;
  }
  const body = await compressedBody(rendered, encoding, effort);
  admitAnswer(res, body.length);
  res.set('Content-Encoding', encoding);
  res.status(200).send(body);
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
