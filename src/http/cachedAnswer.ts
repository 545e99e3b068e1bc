import type { Response } from 'express';
import type { RenderedBody, ResponseCache } from './ResponseCache.js';

/**
 * The answer kept under `key` (a hit, taken without waiting on anything), else `render`'s
 * (a miss, then kept). Notes which it was in `res.locals.cache`, for the request log and
 * the metrics.
 */
export async function cachedAnswer(
  res: Response,
  cache: ResponseCache,
  key: string,
  render: () => Promise<RenderedBody>,
): Promise<RenderedBody> {
  const kept = cache.kept(key);
  res.locals.cache = kept === undefined ? 'miss' : 'hit';
  return kept ?? cache.get(key, render);
}
