import type { Concept } from '../domain/Concept.js';
import type { FindRequest } from '../lookup/Finder.js';
import { declare, type Route } from '../http/Route.js';
import { lookupAnswers } from './answers.js';
import type { EndpointContext } from './EndpointContext.js';
import { encodeQueryComponent } from './hrefQuery.js';
import { FIELDS_PARAMETER, LANG, PAGE, Q, SCHEME, countDeclaration, fieldsValue } from './parameters.js';
import { LOOKUP } from './tags.js';

/** `count` when a request gives none, under `API_COMPAT=skos-suggester`: the old service's 20 for both. */
const SKOS_SUGGESTER_DEFAULT_COUNT = 20;

/**
 * The shared shape of /search and /suggest: the same parameters (with their own default
 * `count`), and `{"concepts": [...]}` as the whole body; or, under
 * `API_COMPAT=skos-suggester`, the old service's HAL envelope (API.md, "Compatibility").
 */
export function findRoute(
  name: 'search' | 'suggest',
  defaultCount: number,
  { config }: EndpointContext,
  words: { summary: string; description: string },
  find: (request: FindRequest) => Promise<Concept[]>,
): Route {
  const hal = config.apiCompat === 'skos-suggester';
  return declare({
    path: `/${name}`,
    tag: LOOKUP,
    ...words,
    parameters: {
      q: Q,
      count: countDeclaration(hal ? SKOS_SUGGESTER_DEFAULT_COUNT : defaultCount),
      page: PAGE,
      lang: LANG,
      scheme: SCHEME,
      fields: FIELDS_PARAMETER,
    },
    answers: lookupAnswers('FindResponse'),
    cache: 'shared',
    heavy: ({ fields }) => fields.has('narrower'),
    answer: async ({ q, count, page, lang, scheme, fields }) => {
      const request: FindRequest = { q, count, page, lang, scheme, fields };
      const concepts = await find(request);
      return hal
        ? { _links: { self: { href: `${config.basePath}/${name}?${selfQuery(name, request)}` } }, _embedded: { concepts } }
        : { concepts };
    },
  });
}

/**
 * The query of the old service's self link: `q`, `page` and `count` for /search, `q` alone
 * for /suggest, as it wrote them; then `lang`, `scheme` and `fields` when given (the old
 * service had none of them), so that the link asks again for the same page.
 */
function selfQuery(name: 'search' | 'suggest', { q, page, count, lang, scheme, fields }: FindRequest): string {
  const pairs: Array<[string, string | number | undefined]> = [['q', q]];
  if (name === 'search') pairs.push(['page', page], ['count', count]);
  pairs.push(['lang', lang], ['scheme', scheme], ['fields', fields === undefined || fields.size === 0 ? undefined : fieldsValue(fields)]);
  return pairs
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${encodeQueryComponent(String(value))}`)
    .join('&');
}
