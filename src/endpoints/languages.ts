import type { RequestHandler } from 'express';
import { cachedAnswer } from '../http/cachedAnswer.js';
import { rendered } from '../http/ResponseCache.js';
import { sendRendered } from '../http/sendRendered.js';
import type { EndpointContext } from './EndpointContext.js';

/**
 * GET /languages: `{"default": "en", "languages": ["de", "en", "fr"]}`, the languages of the
 * concepts' preferred labels, for a language selector (the type-ahead page has one). Not in
 * the interface description: an addition that old clients never call. Cached like the rest.
 */
export function languagesHandler({ config, concepts, cache }: EndpointContext): RequestHandler {
  return async (req, res) => {
    const key = JSON.stringify(['languages']);
    const body = await cachedAnswer(res, cache, key, async () =>
      rendered({ default: config.defaultLang, languages: await concepts.languages() }),
    );
    await sendRendered(req, res, body, config.httpMaxAge);
  };
}
