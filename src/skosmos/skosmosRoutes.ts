import type { RequestHandler, Router } from 'express';
import { SKOS } from '../domain/namespaces.js';
import { isLangTag } from '../domain/langTag.js';
import { BadRequestError, NotFoundError } from '../errors.js';
import type { EndpointContext } from '../endpoints/EndpointContext.js';
import {
  MAX_COUNT,
  integer,
  langParameter,
  oneUriParameter,
  queryParameters,
  schemeParameter,
  single,
  type QueryParameters,
} from '../endpoints/parameters.js';
import { cachedAnswer } from '../http/cachedAnswer.js';
import { cachedJson } from '../endpoints/cachedJson.js';
import { renderedText } from '../http/ResponseCache.js';
import { route } from '../http/route.js';
import { sendBody } from '../http/sendRendered.js';
import type { Concept, Field } from '../lookup/Concept.js';
import { MAX_TRANSITIVE, browsed, conceptOrNotFound, related, transitive } from './skosmosConcept.js';
import { dataFormat, writeData } from './skosmosData.js';
import { equalLabel, readQuery, skosmosSearch } from './skosmosSearch.js';
import { vocabularies, vocabulary, vocabularyIn, type Vocabulary } from './SkosmosVocabularies.js';

/** Where the API is mounted: Skosmos' own path, so that a client needs only the service's base URL. */
export const SKOSMOS_PATH = '/rest/v1';

const SKOS_PREFIX = 'http://www.w3.org/2004/02/skos/core#';
const ONKI = 'http://schema.onki.fi/onki#';
const CONTEXT = { skos: SKOS_PREFIX, uri: '@id', type: '@type' };
const LABEL_CONTEXT = { prefLabel: 'skos:prefLabel', altLabel: 'skos:altLabel', hiddenLabel: 'skos:hiddenLabel' };
/** The parameters Skosmos' endpoints read: the key of a cached answer (others change nothing). */
const PARAMETERS = [
  'query',
  'lang',
  'labellang',
  'vocab',
  'type',
  'parent',
  'group',
  'maxhits',
  'offset',
  'fields',
  'uri',
  'label',
  'scheme',
  'limit',
];
/** The fields Skosmos' search may add to a result (`fields`), as this service has them. */
const SEARCH_FIELDS: Readonly<Record<string, Field>> = { broader: 'broader', narrower: 'narrower', notation: 'notation' };

/**
 * The Skosmos REST API (docs/skosmos.md), read-only, under /rest/v1: what Skosmos' clients
 * call (Dataverse, cocoda-sdk, Finna, NatLibFi's skosmos-client), in Skosmos' JSON shapes,
 * answered by the same lookups as the native endpoints (the label index where it is in; the
 * same ranking, languages and limits). A vocabulary is a concept scheme (SkosmosVocabularies).
 */
export function skosmosRoutes(router: Router, context: EndpointContext): void {
  const { config, concepts, cache } = context;

  /** Answers JSON through the response cache (endpoints/cachedJson.ts). */
  const answer = (render: (req: { params: { vocid?: string } }, params: QueryParameters) => Promise<unknown>): RequestHandler =>
    cachedJson(context, 'skosmos', PARAMETERS, (params, vocid) => render({ params: { vocid } }, params));
  const lang = (params: QueryParameters): string => langParameter(params) ?? config.defaultLang;
  const vocab = (req: { params: { vocid?: string } }, params: QueryParameters): Promise<Vocabulary> =>
    vocabulary(concepts, String(req.params.vocid), lang(params), config.defaultLang);
  /** `clang` and `lang` as Skosmos reads them for a concept's labels. */
  const labelLang = (params: QueryParameters, vocabularyOf?: Vocabulary): string =>
    langParameter(params) ?? vocabularyOf?.defaultLanguage ?? config.defaultLang;
  /** A route of `{vocid}/...?uri=`: the vocabulary checked, then the concept's IRI and its labels' language handed on. */
  const conceptAnswer = (render: (uri: string, language: string, params: QueryParameters) => Promise<unknown>): RequestHandler =>
    answer(async (req, params) => {
      const found = await vocab(req, params);
      return render(oneUriParameter(params), labelLang(params, found), params);
    });
  const withVocab = (path: string): string[] => [`${SKOSMOS_PATH}${path}`, `${SKOSMOS_PATH}/:vocid${path}`];

  route(
    router,
    `${SKOSMOS_PATH}/vocabularies`,
    answer(async (_req, params) => {
      const language = langParameter(params);
      if (language === undefined) throw new BadRequestError("'lang' parameter is mandatory: the language of the vocabularies' titles");
      const all = await vocabularies(concepts, language, config.defaultLang);
      return {
        '@context': {
          rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
          onki: ONKI,
          title: { '@id': 'rdfs:label', '@language': language },
          vocabularies: 'onki:hasVocabulary',
          id: 'onki:vocabularyIdentifier',
          uri: '@id',
        },
        uri: '',
        vocabularies: all.map(({ id, title }) => ({ uri: id, id, title })),
      };
    }),
  );

  for (const path of withVocab('/types'))
    route(
      router,
      path,
      answer(async (req, params) => {
        if (req.params.vocid !== undefined) await vocab(req, params);
        else if (langParameter(params) === undefined)
          throw new BadRequestError("'lang' parameter is mandatory: the language of the types' labels");
        return {
          '@context': { ...CONTEXT, rdfs: 'http://www.w3.org/2000/01/rdf-schema#', onki: ONKI, label: 'rdfs:label', types: 'onki:hasType' },
          uri: '',
          types: [{ uri: `${SKOS}Concept`, label: 'Concept' }],
        };
      }),
    );

  for (const path of withVocab('/search'))
    route(
      router,
      path,
      answer(async (req, params) => {
        const query = readQuery(single(params, 'query'));
        const language = langParameter(params);
        const all = await vocabularies(concepts, language ?? config.defaultLang, config.defaultLang);
        const named = req.params.vocid !== undefined ? String(req.params.vocid) : single(params, 'vocab');
        const ids = named === undefined || named.trim() === '' ? [] : named.trim().split(/\s+/);
        const chosen = ids.length === 0 ? all : ids.map((id) => vocabularyIn(all, id));
        const type = single(params, 'type');
        const group = single(params, 'group');
        const parent = single(params, 'parent');
        const fields = new Set(
          (single(params, 'fields') ?? '').split(/\s+/).flatMap((name) => (SEARCH_FIELDS[name] === undefined ? [] : [SEARCH_FIELDS[name]])),
        );
        const maxhits = integer(params, 'maxhits', MAX_COUNT, 1, MAX_COUNT);
        const offset = integer(params, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
        // a type other than a concept's, or a group (this service has none): no results, as Skosmos for a vocabulary without them
        const none = (type !== undefined && type !== '' && !isConceptType(type)) || (group !== undefined && group !== '');
        const results = none
          ? []
          : await skosmosSearch(concepts, {
              query,
              lang: language,
              vocabularies: chosen,
              everyVocabulary: chosen.length === all.length,
              parent: parent === undefined || parent === '' ? undefined : parent,
              maxhits,
              offset,
              fields,
            });
        const labellang = labellangParameter(params) ?? language;
        const shownLabels =
          labellang !== undefined && labellang !== language
            ? await concepts.labelsOf(
                results.map(({ uri }) => uri),
                labellang,
              )
            : undefined;
        const idOfScheme = new Map(all.flatMap(({ id, scheme }) => (scheme === undefined ? [] : [[scheme, id]])));
        return {
          '@context': {
            ...CONTEXT,
            isothes: 'http://purl.org/iso25964/skos-thes#',
            onki: ONKI,
            results: { '@id': 'onki:results', '@container': '@list' },
            ...LABEL_CONTEXT,
            ...Object.fromEntries([...fields].map((field) => [field, `skos:${field}`])),
            ...(labellang === undefined ? {} : { '@language': labellang }),
          },
          uri: '',
          results: results.map((concept) =>
            searchResult(concept, shownLabels?.get(concept.uri) ?? concept.prefLabel, labellang ?? config.defaultLang, idOfScheme, fields),
          ),
        };
      }),
    );

  route(
    router,
    `${SKOSMOS_PATH}/:vocid/topConcepts`,
    answer(async (req, params) => {
      const found = await vocab(req, params);
      const scheme = schemeParameter(params) ?? found.scheme;
      const language = labelLang(params, found);
      const tops = scheme === undefined ? [] : await browsed(concepts, 'top', scheme, language);
      return {
        '@context': {
          ...CONTEXT,
          onki: ONKI,
          topconcepts: 'skos:hasTopConcept',
          notation: 'skos:notation',
          label: 'skos:prefLabel',
          '@language': language,
        },
        uri: scheme ?? '',
        topconcepts: tops.map(({ uri, prefLabel, notation, hasChildren }) => ({
          uri,
          label: prefLabel,
          topConceptOf: scheme,
          ...(notation === undefined ? {} : { notation }),
          hasChildren,
        })),
      };
    }),
  );

  route(
    router,
    `${SKOSMOS_PATH}/:vocid/lookup`,
    answer(async (req, params) => {
      const found = await vocab(req, params);
      const label = single(params, 'label');
      if (label === undefined || label.trim() === '') throw new BadRequestError("'label' parameter is mandatory: the label to look up");
      const language = langParameter(params);
      const candidates = await skosmosSearch(concepts, {
        query: readQuery(label.replaceAll('*', ' ')),
        lang: language,
        vocabularies: [found],
        everyVocabulary: false,
        parent: undefined,
        maxhits: MAX_COUNT,
        offset: 0,
        fields: new Set(),
      });
      const hits = lookupHits(candidates, label);
      if (hits.length === 0) throw new NotFoundError(`Could not find label '${label.slice(0, 80)}'`);
      return {
        '@context': {
          ...CONTEXT,
          onki: ONKI,
          results: { '@id': 'onki:results' },
          ...LABEL_CONTEXT,
          ...(language ? { '@language': language } : {}),
        },
        result: hits.map(({ concept, altLabel }) => ({
          uri: concept.uri,
          type: ['skos:Concept'],
          prefLabel: concept.prefLabel,
          ...(altLabel === undefined ? {} : { altLabel }),
          lang: language ?? found.defaultLanguage,
          vocab: found.id,
        })),
      };
    }),
  );

  route(
    router,
    `${SKOSMOS_PATH}/:vocid/groups`,
    answer(async (req, params) => {
      await vocab(req, params);
      return {
        '@context': { ...CONTEXT, onki: ONKI, prefLabel: 'skos:prefLabel', groups: 'onki:hasGroup', '@language': lang(params) },
        uri: '',
        groups: [],
      };
    }),
  );

  for (const path of withVocab('/label'))
    route(
      router,
      path,
      answer(async (req, params) => {
        const found = req.params.vocid === undefined ? undefined : await vocab(req, params);
        const uri = oneUriParameter(params);
        const language = labelLang(params, found);
        const concept = await conceptOrNotFound(concepts, uri, language, new Set());
        return {
          '@context': { ...CONTEXT, ...LABEL_CONTEXT, '@language': language },
          uri,
          ...(concept.prefLabel === '' ? {} : { prefLabel: concept.prefLabel }),
          ...(concept.altLabels.length === 0 ? {} : { altLabel: concept.altLabels }),
        };
      }),
    );

  for (const [name, field] of [
    ['broader', 'broader'],
    ['narrower', 'narrower'],
    ['related', undefined],
  ] as const)
    route(
      router,
      `${SKOSMOS_PATH}/:vocid/${name}`,
      conceptAnswer(async (uri, language) => {
        const concept = await conceptOrNotFound(concepts, uri, language, new Set(field === undefined ? [] : [field]));
        return {
          '@context': { ...CONTEXT, prefLabel: 'skos:prefLabel', [name]: `skos:${name}`, '@language': language },
          uri,
          [name]: related(field === undefined ? concept.related : concept[field]),
        };
      }),
    );

  for (const [name, direction] of [
    ['broaderTransitive', 'broader'],
    ['narrowerTransitive', 'narrower'],
  ] as const)
    route(
      router,
      `${SKOSMOS_PATH}/:vocid/${name}`,
      conceptAnswer(async (uri, language, params) => {
        const limit = integer(params, 'limit', MAX_TRANSITIVE, 1, MAX_TRANSITIVE);
        return {
          '@context': {
            ...CONTEXT,
            prefLabel: 'skos:prefLabel',
            [direction]: { '@id': `skos:${direction}`, '@type': '@id' },
            [name]: { '@id': `skos:${name}`, '@container': '@index' },
            '@language': language,
          },
          uri,
          [name]: await transitive(concepts, uri, language, direction, limit),
        };
      }),
    );

  route(
    router,
    `${SKOSMOS_PATH}/:vocid/children`,
    conceptAnswer(async (uri, language) => {
      await conceptOrNotFound(concepts, uri, language, new Set());
      return {
        '@context': {
          ...CONTEXT,
          prefLabel: 'skos:prefLabel',
          narrower: 'skos:narrower',
          notation: 'skos:notation',
          hasChildren: 'onki:hasChildren',
          '@language': language,
        },
        uri,
        narrower: await browsed(concepts, 'narrower', uri, language),
      };
    }),
  );

  const data: RequestHandler = async (req, res) => {
    const params = queryParameters(req.url);
    if (req.params.vocid !== undefined) await vocab(req, params);
    const uri = oneUriParameter(params);
    const format = dataFormat(single(params, 'format'), req.get('Accept'));
    const key = JSON.stringify(['skosmos-data', uri, format]);
    const body = await cachedAnswer(res, cache, key, async () => {
      const description = await concepts.describe(uri);
      if (description.statements.length === 0) throw new NotFoundError('no concept found with given uri');
      return renderedText(writeData(uri, description, format));
    });
    sendBody(req, res, body, `${format}; charset=utf-8`, `public, max-age=${config.httpMaxAge}`);
  };
  for (const path of withVocab('/data')) route(router, path, data);

  // last: `/rest/v1/:vocid/` would take `/rest/v1/data` and the other global paths (a trailing slash is optional)
  route(
    router,
    `${SKOSMOS_PATH}/:vocid/`,
    answer(async (req, params) => {
      const found = await vocab(req, params);
      return {
        '@context': {
          rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
          skos: SKOS_PREFIX,
          onki: ONKI,
          dct: 'http://purl.org/dc/terms/',
          uri: '@id',
          type: '@type',
          conceptschemes: 'onki:hasConceptScheme',
          id: 'onki:vocabularyIdentifier',
          defaultLanguage: 'onki:defaultLanguage',
          languages: 'onki:language',
          label: 'rdfs:label',
          prefLabel: 'skos:prefLabel',
          title: 'dct:title',
          '@language': lang(params),
        },
        uri: '',
        id: found.id,
        marcSource: '',
        title: found.title,
        defaultLanguage: found.defaultLanguage,
        languages: found.languages,
        conceptschemes: found.scheme === undefined ? [] : [{ uri: found.scheme, type: 'skos:ConceptScheme', prefLabel: found.title }],
      };
    }),
  );
}

/** `labellang`: the language of the results' labels, where it differs from `lang`'s. */
function labellangParameter(params: QueryParameters): string | undefined {
  const labellang = single(params, 'labellang');
  if (labellang === undefined || labellang === '') return undefined;
  if (!isLangTag(labellang)) throw new BadRequestError(`'labellang' parameter must be a language tag such as en or pt-BR`);
  return labellang.toLowerCase();
}

function isConceptType(type: string): boolean {
  return type.split(/\s+/).some((one) => one === 'skos:Concept' || one === `${SKOS}Concept`);
}

/** A search result as Skosmos gives it. */
function searchResult(
  concept: Concept,
  prefLabel: string,
  lang: string,
  idOfScheme: ReadonlyMap<string, string>,
  fields: ReadonlySet<Field>,
): object {
  const vocab = (concept.scheme ?? []).map(({ uri }) => idOfScheme.get(uri)).find((id) => id !== undefined);
  const notation = concept.notation?.[0];
  return {
    uri: concept.uri,
    type: ['skos:Concept'],
    ...(fields.has('broader') ? { broader: (concept.broader ?? []).map(({ uri }) => ({ uri })) } : {}),
    ...(fields.has('narrower') ? { narrower: (concept.narrower ?? []).map(({ uri }) => ({ uri })) } : {}),
    prefLabel,
    lang,
    ...(vocab === undefined ? {} : { vocab }),
    ...(notation === undefined ? {} : { notation }),
  };
}

/** Skosmos' lookup: prefLabels equal to the label, else equal up to case, else altLabels so. */
function lookupHits(candidates: readonly Concept[], label: string): Array<{ concept: Concept; altLabel?: string }> {
  const lower = label.toLowerCase();
  const tiers: Array<(concept: Concept) => string | boolean | undefined> = [
    (concept) => concept.prefLabel === label,
    (concept) => concept.prefLabel.toLowerCase() === lower,
    (concept) => concept.altLabels.find((alt) => alt === label),
    (concept) => concept.altLabels.find((alt) => alt.toLowerCase() === lower),
  ];
  for (const [i, tier] of tiers.entries()) {
    const hits = candidates.flatMap((concept) => {
      const hit = tier(concept);
      if (hit === false || hit === undefined) return [];
      return [i < 2 ? { concept } : { concept, altLabel: hit as string }];
    });
    if (hits.length > 0) return hits;
  }
  return candidates.filter((concept) => equalLabel(concept, label)).map((concept) => ({ concept }));
}
