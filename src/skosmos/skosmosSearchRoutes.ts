import { NotFoundError } from '../errors.js';
import type { EndpointContext } from '../endpoints/EndpointContext.js';
import { MAX_COUNT } from '../endpoints/parameters.js';
import type { Input, Route } from '../http/Route.js';
import { skosmosRoute, type SkosmosKit } from './skosmosKit.js';
import {
  GROUP,
  LABEL,
  LABELLANG,
  MAXHITS,
  OFFSET,
  PARENT,
  QUERY,
  FIELDS,
  TYPE,
  UNIQUE,
  VOCAB,
  VOCID,
  SKOSMOS_LANG,
} from './skosmosParameters.js';
import type { Concept, Field } from '../domain/Concept.js';
import type { Lookup } from '../lookup/Lookup.js';
import { transitive } from './skosmosConcept.js';
import { FILTER_DEPTH, lookupHits, matchedAltLabel, readQuery, searchFields, skosmosSearch, wantsNone } from './skosmosSearch.js';
import { lookupBody, searchBody } from './skosmosShapes.js';
import { vocabularies, vocabularyIn } from './SkosmosVocabularies.js';

/** The search parameters, after `{vocid}` where the path has one (`vocab` names them where it has not). */
const SEARCH = {
  query: QUERY,
  lang: SKOSMOS_LANG,
  labellang: LABELLANG,
  type: TYPE,
  parent: PARENT,
  group: GROUP,
  maxhits: MAXHITS,
  offset: OFFSET,
  fields: FIELDS,
  unique: UNIQUE,
};

/** Skosmos' `search`, of every vocabulary or one, and `lookup`, the concepts a label names (docs/skosmos.md). */
export function skosmosSearchRoutes({ config, concepts }: EndpointContext, { vocab }: SkosmosKit): Route[] {
  const search = (input: Input<typeof SEARCH>, named: string | undefined): Promise<object> => searched({ config, concepts }, input, named);
  return [
    skosmosRoute({
      path: '/search',
      summary: 'Skosmos: search every vocabulary',
      parameters: { ...SEARCH, vocab: VOCAB },
      answer: (input) => search(input, input.vocab),
    }),
    skosmosRoute({
      path: '/:vocid/search',
      summary: 'Skosmos: search one vocabulary',
      parameters: { vocid: VOCID, ...SEARCH },
      answer: (input) => search(input, input.vocid),
    }),
    skosmosRoute({
      path: '/:vocid/lookup',
      summary: 'Skosmos: the concepts a label names',
      parameters: { vocid: VOCID, label: LABEL, lang: SKOSMOS_LANG },
      answer: async ({ vocid, label, lang }) => {
        const found = await vocab(vocid, lang);
        // as search takes it: the only vocabulary is the whole of the data (a Skosmos vocabulary is its graph)
        const only = (await vocabularies(concepts, lang ?? config.defaultLang, config)).length === 1;
        const candidates = await skosmosSearch(concepts, {
          query: readQuery(label.replaceAll('*', ' ')),
          lang,
          vocabularies: [found],
          everyVocabulary: only,
          parent: undefined,
          maxhits: MAX_COUNT,
          offset: 0,
          fields: new Set(),
        });
        const hits = lookupHits(candidates, label);
        if (hits.length === 0) throw new NotFoundError(`Could not find label '${label.slice(0, 80)}'`);
        return lookupBody(hits, lang, found);
      },
    }),
  ];
}

/** Skosmos' `search` of the vocabularies `named` (ids separated by spaces; none: every one), shaped as Skosmos shapes it. */
async function searched(
  { config, concepts }: Pick<EndpointContext, 'config' | 'concepts'>,
  { query, lang: language, labellang, type, parent, group, maxhits, offset, fields }: Input<typeof SEARCH>,
  named: string | undefined,
): Promise<object> {
  const all = await vocabularies(concepts, language ?? config.defaultLang, config);
  const ids = named === undefined || named.trim() === '' ? [] : named.trim().split(/\s+/);
  const chosen = ids.length === 0 ? all : ids.map((id) => vocabularyIn(all, id));
  const extra = searchFields(fields);
  const below = parent === undefined || parent === '' ? undefined : parent;
  // a blank query beside a parent: what is below it, as Skosmos lists it (beside a group: none, as there are none)
  const listed = query === undefined && below !== undefined && !wantsNone(type, group);
  const read = listed || wantsNone(type, group) ? undefined : readQuery(query);
  // a type other than a concept's, or a group (this service has none): no results, as Skosmos for a vocabulary without them
  const results = listed
    ? await descendants(concepts, below, language ?? config.defaultLang, Math.min(maxhits, MAX_COUNT), offset, extra)
    : read === undefined
      ? []
      : await skosmosSearch(concepts, {
          query: read,
          lang: language,
          vocabularies: chosen,
          everyVocabulary: chosen.length === all.length,
          parent: below,
          maxhits: Math.min(maxhits, MAX_COUNT),
          offset,
          fields: extra,
        });
  const shown = labellang ?? language;
  const shownLabels =
    shown !== undefined && shown !== language
      ? await concepts.labelsOf(
          results.map(({ uri }) => uri),
          shown,
        )
      : undefined;
  const idOfScheme = new Map(all.flatMap(({ id, scheme }) => (scheme === undefined ? [] : [[scheme, id]])));
  const only = chosen.length === 1 ? chosen[0]?.id : undefined;
  const hits = results.map((concept) => ({
    concept,
    altLabel: read === undefined ? undefined : matchedAltLabel(concept, read),
    prefLabel: shownLabels?.get(concept.uri) ?? concept.prefLabel,
    vocab: only ?? (concept.scheme ?? []).map(({ uri }) => idOfScheme.get(uri)).find((id) => id !== undefined),
  }));
  const body = searchBody(hits, shown ?? config.defaultLang, shown, extra);
  // more than the service answers at once: said, where Skosmos would have given them all
  return maxhits > MAX_COUNT ? { ...body, maxhits: MAX_COUNT } : body;
}

/**
 * What is below `parent`, as a blank Skosmos search beside it lists it: its narrower concepts,
 * then theirs, nearest first, the window [offset, offset + maxhits) of at most the first
 * FILTER_DEPTH; a 404 where `parent` is no concept.
 */
async function descendants(
  concepts: Lookup,
  parent: string,
  lang: string,
  maxhits: number,
  offset: number,
  fields: ReadonlySet<Field>,
): Promise<Concept[]> {
  if (offset + maxhits > FILTER_DEPTH) return [];
  const walked = await transitive(concepts, parent, lang, 'narrower', offset + maxhits + 1);
  const uris = Object.keys(walked)
    .filter((uri) => uri !== parent)
    .slice(offset, offset + maxhits);
  return concepts.get(uris, lang, new Set([...fields, 'notation']));
}
