import type { Router } from 'express';
import { SKOS } from '../domain/namespaces.js';
import { NotFoundError } from '../errors.js';
import type { EndpointContext } from '../endpoints/EndpointContext.js';
import { MAX_COUNT, langParameter, oneUriParameter, schemeParameter } from '../endpoints/parameters.js';
import { route } from '../http/route.js';
import type { Concept, Field } from '../domain/Concept.js';
import { browsed } from './skosmosConcept.js';
import { skosmosConceptRoutes } from './skosmosConceptRoutes.js';
import { CONTEXT, LABEL_CONTEXT, ONKI, SKOSMOS_PATH, SKOS_PREFIX, skosmosKit } from './skosmosKit.js';
import { equalLabel, readQuery, skosmosSearch } from './skosmosSearch.js';
import { readParameter } from '../endpoints/QueryParameter.js';
import {
  FIELDS,
  GROUP,
  LABEL,
  MAXHITS,
  OFFSET,
  PARENT,
  QUERY,
  TITLES_LANG,
  TYPE,
  TYPES_LANG,
  VOCAB,
  labellangParameter,
  textOf,
} from './skosmosParameters.js';
import { vocabularies, vocabularyIn } from './SkosmosVocabularies.js';

/** The fields Skosmos' search may add to a result (`fields`), as this service has them. */
const SEARCH_FIELDS: Readonly<Record<string, Field>> = { broader: 'broader', narrower: 'narrower', notation: 'notation' };

/**
 * The Skosmos REST API (docs/skosmos.md), read-only, under /rest/v1: what Skosmos' clients
 * call (Dataverse, cocoda-sdk, Finna, NatLibFi's skosmos-client), in Skosmos' JSON shapes,
 * answered by the same lookups as the native endpoints (the label index where it is in; the
 * same ranking, languages and limits). A vocabulary is a concept scheme (SkosmosVocabularies).
 */
export function skosmosRoutes(router: Router, context: EndpointContext): void {
  const { config, concepts } = context;
  const kit = skosmosKit(context);
  const { answer, lang, vocab, labelLang, withVocab } = kit;

  route(
    router,
    `${SKOSMOS_PATH}/vocabularies`,
    answer(async (_req, params) => {
      const language = (readParameter(TITLES_LANG, params) as string).toLowerCase();
      const all = await vocabularies(concepts, language, config);
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
        else readParameter(TYPES_LANG, params);
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
        const query = readQuery(readParameter(QUERY, params) as string);
        const language = langParameter(params);
        const all = await vocabularies(concepts, language ?? config.defaultLang, config);
        const named = req.params.vocid !== undefined ? String(req.params.vocid) : textOf(params, VOCAB);
        const ids = named === undefined || named.trim() === '' ? [] : named.trim().split(/\s+/);
        const chosen = ids.length === 0 ? all : ids.map((id) => vocabularyIn(all, id));
        const type = textOf(params, TYPE);
        const group = textOf(params, GROUP);
        const parent = textOf(params, PARENT);
        const fields = new Set(
          (textOf(params, FIELDS) ?? '').split(/\s+/).flatMap((name) => (SEARCH_FIELDS[name] === undefined ? [] : [SEARCH_FIELDS[name]])),
        );
        const maxhits = readParameter(MAXHITS, params) as number;
        const offset = readParameter(OFFSET, params) as number;
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
        const only = chosen.length === 1 ? chosen[0]?.id : undefined;
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
            searchResult(
              concept,
              shownLabels?.get(concept.uri) ?? concept.prefLabel,
              labellang ?? config.defaultLang,
              only ?? idOfScheme,
              fields,
            ),
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
      const label = readParameter(LABEL, params) as string;
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

  // concept groups: none here, so no group has members, as Skosmos answers for a group it does not know
  route(
    router,
    `${SKOSMOS_PATH}/:vocid/groupMembers`,
    answer(async (req, params) => {
      await vocab(req, params);
      throw new NotFoundError(`Could not find group <${oneUriParameter(params)}>`);
    }),
  );

  // new and modified concepts: this service reads no creation or change dates, so the lists are
  // empty, as Skosmos' are for a vocabulary whose concepts have none
  for (const name of ['new', 'modified'])
    route(
      router,
      `${SKOSMOS_PATH}/:vocid/${name}`,
      answer(async (req, params) => {
        await vocab(req, params);
        return {
          '@context': {
            ...CONTEXT,
            '@language': lang(params),
            prefLabel: 'skos:prefLabel',
            xsd: 'http://www.w3.org/2001/XMLSchema#',
            date: { '@id': 'http://purl.org/dc/terms/date', '@type': 'http://www.w3.org/2001/XMLSchema#dateTime' },
          },
          changeList: [],
        };
      }),
    );

  skosmosConceptRoutes(router, context, kit);

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

function isConceptType(type: string): boolean {
  return type.split(/\s+/).some((one) => one === 'skos:Concept' || one === `${SKOS}Concept`);
}

/** A search result as Skosmos gives it. */
function searchResult(
  concept: Concept,
  prefLabel: string,
  lang: string,
  /** The vocabulary every result is in (one was searched), or the vocabularies' ids by scheme. */
  vocabOf: string | ReadonlyMap<string, string>,
  fields: ReadonlySet<Field>,
): object {
  const vocab =
    typeof vocabOf === 'string' ? vocabOf : (concept.scheme ?? []).map(({ uri }) => vocabOf.get(uri)).find((id) => id !== undefined);
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
