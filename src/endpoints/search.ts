import type { RequestHandler } from 'express';
import type { EndpointContext } from './EndpointContext.js';
import { findHandler } from './find.js';

/** `count` when the request gives none. */
export const SEARCH_DEFAULT_COUNT = 20;

/** GET /search?q=...[&count&page&lang&scheme]: concepts whose labels hold every query word, best first. */
export function searchHandler(context: EndpointContext): RequestHandler {
  return findHandler('search', SEARCH_DEFAULT_COUNT, context, (request) => context.concepts.search(request));
}
