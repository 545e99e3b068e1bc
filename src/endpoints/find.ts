import type { RequestHandler } from 'express';
import type { Concept } from '../concepts/Concept.js';
import type { FindRequest } from '../concepts/ConceptService.js';
import { cachedAnswer } from '../http/cachedAnswer.js';
import { rendered } from '../http/ResponseCache.js';
import { sendRendered } from '../http/sendRendered.js';
import type { EndpointContext } from './EndpointContext.js';
import { countParameter, langParameter, pageParameter, qParameter, queryParameters, schemeParameter } from './parameters.js';

/**
 * The shared shape of /search and /suggest: the same parameters (with their own default
 * `count`), and `{"concepts": [...]}` as the whole body.
 */
export function findHandler(
  name: 'search' | 'suggest',
  defaultCount: number,
  { config, cache }: EndpointContext,
  find: (request: FindRequest) => Promise<Concept[]>,
): RequestHandler {
  return async (req, res) => {
    const params = queryParameters(req.url);
    const q = qParameter(params);
    const count = countParameter(params, defaultCount);
    const request: FindRequest = {
      q,
      count,
      page: pageParameter(params, count),
      lang: langParameter(params),
      scheme: schemeParameter(params),
    };
    const key = JSON.stringify([name, request.q, request.count, request.page, request.lang ?? null, request.scheme ?? null]);
    const body = await cachedAnswer(res, cache, key, async () => rendered({ concepts: await find(request) }));
    sendRendered(req, res, body, config.httpMaxAge);
  };
}
