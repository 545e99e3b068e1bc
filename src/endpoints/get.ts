import { declare, type Route } from '../http/Route.js';
import { lookupAnswers } from './answers.js';
import type { EndpointContext } from './EndpointContext.js';
import { encodeQueryComponent } from './hrefQuery.js';
import { FIELDS_PARAMETER, LANG, URIS, fieldsValue } from './parameters.js';
import { LOOKUP } from './tags.js';

/**
 * GET /get?uri=A&uri=B[&lang=X]: the concepts among the URIs, in request order, each once,
 * in `{"_links": {"self": {"href"}}, "_embedded": {"concepts"}}`. The href repeats the
 * URIs as given, under the configured base path, then `lang` and `fields` when given (so
 * that it asks again for the same answer).
 */
export function getRoute({ config, concepts }: EndpointContext): Route {
  return declare({
    path: '/get',
    tag: LOOKUP,
    summary: 'Concepts by URI',
    description:
      'The concepts among the given URIs, in the order given, each once. A URI that is not a concept in the store is left out. Deprecated concepts are returned.',
    parameters: { uris: URIS, lang: LANG, fields: FIELDS_PARAMETER },
    answers: lookupAnswers('GetResponse'),
    cache: 'shared',
    heavy: ({ fields }) => fields.has('narrower'),
    answer: async ({ uris, lang, fields }) => {
      const query =
        uris.map((uri) => `uri=${encodeQueryComponent(uri)}`).join('&') +
        (lang === undefined ? '' : `&lang=${encodeQueryComponent(lang)}`) +
        (fields.size === 0 ? '' : `&fields=${encodeQueryComponent(fieldsValue(fields))}`);
      return {
        _links: { self: { href: `${config.basePath}/get?${query}` } },
        _embedded: { concepts: await concepts.get(uris, lang, fields) },
      };
    },
  });
}
