import type { RequestHandler } from 'express';
import type { EndpointContext } from './EndpointContext.js';
import { findHandler } from './find.js';

/** `count` when the request gives none. */
export const SUGGEST_DEFAULT_COUNT = 10;

/** GET /suggest?q=...[&count&page&lang&scheme]: type-ahead; light concepts whose label words start with the query words. */
export function suggestHandler(context: EndpointContext): RequestHandler {
  return findHandler('suggest', SUGGEST_DEFAULT_COUNT, context, (request) => context.concepts.suggest(request));
}
