import { declare, type Route } from '../http/Route.js';
import { STORE_ERRORS, lookupAnswers } from './answers.js';
import type { EndpointContext } from './EndpointContext.js';
import { LOOKUP } from './tags.js';

/**
 * GET /languages: `{"default": "en", "languages": ["de", "en", "fr"]}`, the languages of the
 * concepts' preferred labels, for a language selector (the type-ahead page has one). Not in
 * the interface description: an addition that old clients never call. Cached like the rest.
 */
export function languagesRoute({ config, concepts }: EndpointContext): Route {
  return declare({
    path: '/languages',
    tag: LOOKUP,
    summary: 'The languages of the labels',
    description:
      "The languages the concepts' preferred labels are in (lower case, sorted), and the default language: for a language selector.",
    answers: lookupAnswers('LanguagesResponse', STORE_ERRORS),
    cache: 'shared',
    answer: async () => ({ default: config.defaultLang, languages: await concepts.languages() }),
  });
}
