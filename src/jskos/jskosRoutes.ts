import type { Concept, Field } from '../domain/Concept.js';
import type { EndpointContext } from '../endpoints/EndpointContext.js';
import { MAX_BROWSE_COUNT, MAX_COUNT } from '../endpoints/parameters.js';
import { readWindow } from '../endpoints/readWindow.js';
import { checkedValue } from '../http/QueryParameter.js';
import { declare, type Parameters, type Route, type Tag } from '../http/Route.js';
import { JSKOS_FIELDS, jskosConcepts, jskosScheme } from './jskosConcept.js';
import { CONCEPT_URI, CONCEPT_URIS, PROPERTIES, SCHEME_URI, SCHEME_URIS, SEARCH, SEARCH_GIVEN, VOC, window } from './jskosParameters.js';

/** Where the API is mounted. */
const JSKOS_PATH = '/jskos';

export const JSKOS: Tag = {
  name: 'JSKOS API',
  description: "The read part of jskos-server's API, for cocoda-sdk (docs/jskos.md).",
  mentioned: { root: JSKOS_PATH, as: ' (the JSKOS API)' },
};

/** The answers of a JSKOS route: its documents are JSKOS, checked with cocoda-sdk by test:clients, so they are only named here. */
const answers = (what: string): Record<string, object> => ({
  '200': { description: what, content: { 'application/json': { schema: { type: 'array' } } } },
  '400': { $ref: '#/components/responses/BadRequest' },
});

/** A JSKOS route: under JSKOS_PATH, kept in the response cache. */
function jskosRoute<P extends Parameters>(route: Omit<Route<P>, 'tag' | 'cache'>): Route {
  return declare<P>({ tag: JSKOS, cache: 'shared', ...route, path: `${JSKOS_PATH}${route.path}` });
}

/**
 * The read part of the JSKOS API (jskos-server's; docs/jskos.md), under /jskos: what
 * cocoda-sdk's ConceptApi provider calls (Cocoda, BARTOC, DANTE), in JSKOS, answered by the
 * same lookups as the native endpoints. `/jskos/status` names the endpoints, as the provider
 * reads them.
 */
export function jskosRoutes(context: EndpointContext): Route[] {
  return [statusRoute(), ...schemeRoutes(context), ...conceptRoutes(context), ...findRoutes(context)];
}

/** `/jskos/status`: the endpoints, as the provider reads them, under the public URL. */
function statusRoute(): Route {
  return declare({
    path: `${JSKOS_PATH}/status`,
    tag: JSKOS,
    summary: 'JSKOS: the endpoints of this API',
    answers: {
      '200': {
        description: 'Each endpoint, or null for what is not served.',
        content: { 'application/json': { schema: { type: 'object' } } },
      },
    },
    cache: 'by-address',
    answer: (_input, request) => status(`${request.publicUrl()}${JSKOS_PATH}`),
  });
}

/** The schemes and their top concepts. */
function schemeRoutes({ config, concepts }: EndpointContext): Route[] {
  const lang = config.defaultLang;
  return [
    jskosRoute({
      path: '/voc',
      summary: 'JSKOS: the concept schemes',
      parameters: { uris: SCHEME_URIS, ...window(MAX_BROWSE_COUNT) },
      answers: answers('JSKOS concept schemes.'),
      answer: async ({ uris, limit, offset }) => {
        const wanted = uris ?? [];
        const schemes = (await concepts.schemes(lang)).filter(({ uri }) => wanted.length === 0 || wanted.includes(uri));
        const labels = await concepts.labelMaps(schemes.map(({ uri }) => uri));
        return schemes.slice(offset, offset + limit).map((scheme) => jskosScheme(scheme, labels.get(scheme.uri)));
      },
    }),
    jskosRoute({
      path: '/voc/top',
      summary: "JSKOS: a scheme's top concepts",
      parameters: { uris: SCHEME_URI, ...window(MAX_BROWSE_COUNT) },
      answers: answers('JSKOS concepts.'),
      answer: async ({ uris: [scheme], limit, offset }) => {
        const found = await readWindow((count, page) => concepts.top({ uri: scheme as string, count, page, lang, fields: JSKOS_FIELDS }), {
          limit,
          offset,
        });
        return jskosConcepts(concepts, found, () => ({ topConceptOf: [{ uri: scheme }] }));
      },
    }),
  ];
}

/** Concepts by IRI, and the concepts below and above one. */
function conceptRoutes({ config, concepts }: EndpointContext): Route[] {
  const lang = config.defaultLang;
  const byUri = (path: string): Route =>
    jskosRoute({
      path,
      summary: 'JSKOS: concepts by IRI',
      parameters: { uris: CONCEPT_URIS, properties: PROPERTIES },
      answers: answers('JSKOS concepts, in the order asked.'),
      answer: async ({ uris, properties }) => {
        const fields = new Set<Field>([...JSKOS_FIELDS, ...(wantsAncestors(properties) ? (['ancestors'] as const) : [])]);
        const found = await concepts.get(uris, lang, fields);
        return jskosConcepts(concepts, found, (concept) =>
          fields.has('ancestors') ? { ancestors: (concept.ancestors ?? []).map(({ uri }) => ({ uri })) } : {},
        );
      },
    });
  return [
    byUri('/data'),
    byUri('/concepts'),
    jskosRoute({
      path: '/concepts/narrower',
      summary: 'JSKOS: the concepts one level below',
      parameters: { uris: CONCEPT_URI, ...window(MAX_BROWSE_COUNT) },
      answers: answers('JSKOS concepts.'),
      answer: async ({ uris: [uri], limit, offset }) => {
        const found = await readWindow(
          (count, page) => concepts.narrower({ uri: uri as string, count, page, lang, fields: JSKOS_FIELDS }),
          { limit, offset },
        );
        return jskosConcepts(concepts, found);
      },
    }),
    jskosRoute({
      path: '/concepts/ancestors',
      summary: 'JSKOS: the concepts above, from the top down',
      parameters: { uris: CONCEPT_URI },
      answers: answers('JSKOS concepts.'),
      answer: async ({ uris: [uri] }) => {
        const [concept] = await concepts.get([uri as string], lang, new Set<Field>(['ancestors']));
        const ancestors = (concept?.ancestors ?? []).map((ancestor) => ancestor.uri);
        return jskosConcepts(concepts, await concepts.get(ancestors, lang, JSKOS_FIELDS));
      },
    }),
  ];
}

/** `concepts/search` and `concepts/suggest`: concepts by their labels. */
function findRoutes({ concepts }: EndpointContext): Route[] {
  /**
   * The window of concepts found for `search`: /search's (a last word that does not end in a
   * space is a prefix) for `concepts/search`, /suggest's (type-ahead) for `concepts/suggest`.
   */
  const find = (
    text: string,
    scheme: string | undefined,
    limits: { limit: number; offset: number },
    how: 'search' | 'suggest',
  ): Promise<Concept[]> => {
    const q = checkedValue(SEARCH, text.trim(), [text]);
    return readWindow(
      (count, page) =>
        how === 'suggest'
          ? concepts.suggest({ q, count, page, lang: undefined, scheme })
          : concepts.search({ q: /[*\s]$/.test(q) ? q : `${q}*`, count, page, lang: undefined, scheme, fields: JSKOS_FIELDS }),
      limits,
    );
  };
  const FIND = { search: SEARCH_GIVEN, voc: VOC, ...window(MAX_COUNT) };
  return [
    jskosRoute({
      path: '/concepts/search',
      summary: 'JSKOS: concepts by their labels',
      parameters: FIND,
      answers: answers('JSKOS concepts, best first.'),
      answer: async ({ search, voc, limit, offset }) => jskosConcepts(concepts, await find(search, voc, { limit, offset }, 'search')),
    }),
    // OpenSearch Suggest: [query, labels, descriptions, IRIs], the query as sent
    jskosRoute({
      path: '/concepts/suggest',
      summary: 'JSKOS: suggestions, as OpenSearch Suggest',
      parameters: FIND,
      answers: answers('[query, labels, descriptions, IRIs].'),
      answer: async ({ search, voc, limit, offset }) => {
        const found = await find(search, voc, { limit, offset }, 'suggest');
        return [search, found.map(({ prefLabel }) => prefLabel), found.map(() => ''), found.map(({ uri }) => uri)];
      },
    }),
  ];
}

/** What `/jskos/status` says: each endpoint under `base`, or null for what is not served. */
function status(base: string): object {
  return {
    ok: 1,
    config: { title: 'SKOS concepts', env: 'production', version: '2.1' },
    schemes: `${base}/voc`,
    top: `${base}/voc/top`,
    data: `${base}/data`,
    concepts: `${base}/concepts`,
    narrower: `${base}/concepts/narrower`,
    ancestors: `${base}/concepts/ancestors`,
    suggest: `${base}/concepts/suggest`,
    search: `${base}/concepts/search`,
    types: null,
    mappings: null,
    concordances: null,
    annotations: null,
    registries: null,
    'voc-search': null,
    'voc-suggest': null,
  };
}

/** Whether `properties` asks for ancestors (`ancestors`, `*`, or `+ancestors`). */
function wantsAncestors(properties: string | undefined): boolean {
  return (properties ?? '').split(',').some((name) => ['ancestors', '+ancestors', '*'].includes(name.trim()));
}
