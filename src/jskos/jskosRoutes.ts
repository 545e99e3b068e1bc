import type { Request, RequestHandler, Router } from 'express';
import type { EndpointContext } from '../endpoints/EndpointContext.js';
import { MAX_BROWSE_COUNT, MAX_COUNT, type QueryParameters } from '../endpoints/parameters.js';
import { checkedValue, readParameter } from '../endpoints/QueryParameter.js';
import { cachedJson } from '../endpoints/cachedJson.js';
import { readWindow } from '../endpoints/readWindow.js';
import { publicUrl, publicUrlCacheControl } from '../http/publicUrl.js';
import { rendered } from '../http/ResponseCache.js';
import { route } from '../http/route.js';
import { sendBody } from '../http/sendRendered.js';
import type { Concept, Field } from '../domain/Concept.js';
import { JSKOS_FIELDS, jskosConcepts, jskosScheme } from './jskosConcept.js';
import {
  CONCEPT_URI,
  CONCEPT_URIS,
  PROPERTIES,
  SCHEME_URI,
  SCHEME_URIS,
  SEARCH,
  SEARCH_GIVEN,
  VOC,
  uriList,
  window,
} from './jskosParameters.js';

/** Where the API is mounted. */
export const JSKOS_PATH = '/jskos';

/** The parameters the endpoints read: the key of a cached answer. */
const PARAMETERS = ['uri', 'voc', 'search', 'query', 'limit', 'offset', 'properties'];

/**
 * The read part of the JSKOS API (jskos-server's; docs/jskos.md), under /jskos: what
 * cocoda-sdk's ConceptApi provider calls (Cocoda, BARTOC, DANTE), in JSKOS, answered by the
 * same lookups as the native endpoints. `/jskos/status` names the endpoints, as the provider
 * reads them.
 */
export function jskosRoutes(router: Router, context: EndpointContext): void {
  const { config, concepts } = context;
  const answer = (render: (params: QueryParameters) => Promise<unknown>): RequestHandler =>
    cachedJson(context, 'jskos', PARAMETERS, render);
  const lang = config.defaultLang;

  route(router, `${JSKOS_PATH}/status`, (req: Request, res) => {
    const base = `${publicUrl(config, req, res)}${JSKOS_PATH}`;
    const status = {
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
    return sendBody(req, res, rendered(status), 'application/json; charset=utf-8', publicUrlCacheControl(config, res), 'answer');
  });

  route(
    router,
    `${JSKOS_PATH}/voc`,
    answer(async (params) => {
      const wanted = uriList(params, SCHEME_URIS);
      const schemes = (await concepts.schemes(lang)).filter(({ uri }) => wanted.length === 0 || wanted.includes(uri));
      const labels = await concepts.labelMaps(schemes.map(({ uri }) => uri));
      const { limit, offset } = window(params, MAX_BROWSE_COUNT);
      return schemes.slice(offset, offset + limit).map((scheme) => jskosScheme(scheme, labels.get(scheme.uri)));
    }),
  );

  route(
    router,
    `${JSKOS_PATH}/voc/top`,
    answer(async (params) => {
      const [scheme] = uriList(params, SCHEME_URI);
      const found = await readWindow(
        (count, page) => concepts.top({ uri: scheme as string, count, page, lang, fields: JSKOS_FIELDS }),
        window(params, MAX_BROWSE_COUNT),
      );
      return jskosConcepts(concepts, found, () => ({ topConceptOf: [{ uri: scheme }] }));
    }),
  );

  const byUri = answer(async (params) => {
    const uris = uriList(params, CONCEPT_URIS);
    const fields = new Set<Field>([...JSKOS_FIELDS, ...(wantsAncestors(params) ? (['ancestors'] as const) : [])]);
    const found = await concepts.get(uris, lang, fields);
    return jskosConcepts(concepts, found, (concept) =>
      fields.has('ancestors') ? { ancestors: (concept.ancestors ?? []).map(({ uri }) => ({ uri })) } : {},
    );
  });
  route(router, `${JSKOS_PATH}/data`, byUri);
  route(router, `${JSKOS_PATH}/concepts`, byUri);

  route(
    router,
    `${JSKOS_PATH}/concepts/narrower`,
    answer(async (params) => {
      const [uri] = uriList(params, CONCEPT_URI);
      const found = await readWindow(
        (count, page) => concepts.narrower({ uri: uri as string, count, page, lang, fields: JSKOS_FIELDS }),
        window(params, MAX_BROWSE_COUNT),
      );
      return jskosConcepts(concepts, found);
    }),
  );

  route(
    router,
    `${JSKOS_PATH}/concepts/ancestors`,
    answer(async (params) => {
      const [uri] = uriList(params, CONCEPT_URI);
      const [concept] = await concepts.get([uri as string], lang, new Set<Field>(['ancestors']));
      const ancestors = concept?.ancestors ?? [];
      return jskosConcepts(
        concepts,
        await concepts.get(
          ancestors.map((ancestor) => ancestor.uri),
          lang,
          JSKOS_FIELDS,
        ),
      );
    }),
  );

  /**
   * The window of concepts found for `search`: /search's (a last word that does not end in a
   * space is a prefix) for `concepts/search`, /suggest's (type-ahead) for `concepts/suggest`.
   */
  const find = (params: QueryParameters, how: 'search' | 'suggest'): Promise<Concept[]> => {
    const text = readParameter(SEARCH_GIVEN, params) as string;
    const scheme = readParameter(VOC, params) as string | undefined;
    const q = checkedValue(SEARCH, text, [text]);
    return readWindow(
      (count, page) =>
        how === 'suggest'
          ? concepts.suggest({ q, count, page, lang: undefined, scheme })
          : concepts.search({ q: /[*\s]$/.test(q) ? q : `${q}*`, count, page, lang: undefined, scheme, fields: JSKOS_FIELDS }),
      window(params, MAX_COUNT),
    );
  };
  route(
    router,
    `${JSKOS_PATH}/concepts/search`,
    answer(async (params) => jskosConcepts(concepts, await find(params, 'search'))),
  );
  // OpenSearch Suggest: [query, labels, descriptions, IRIs]
  route(
    router,
    `${JSKOS_PATH}/concepts/suggest`,
    answer(async (params) => {
      const found = await find(params, 'suggest');
      // the words as sent (find has read them: given once, by one of the two names)
      return [
        params.getAll(SEARCH.name)[0] ?? params.getAll(SEARCH.alias as string)[0],
        found.map(({ prefLabel }) => prefLabel),
        found.map(() => ''),
        found.map(({ uri }) => uri),
      ];
    }),
  );
}

/** Whether `properties` asks for ancestors (`ancestors`, `*`, or `+ancestors`). */
function wantsAncestors(params: QueryParameters): boolean {
  return ((readParameter(PROPERTIES, params) as string | undefined) ?? '')
    .split(',')
    .some((name) => ['ancestors', '+ancestors', '*'].includes(name.trim()));
}
