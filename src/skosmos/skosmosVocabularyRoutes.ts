import { SKOS } from '../domain/namespaces.js';
import { NotFoundError } from '../errors.js';
import type { EndpointContext } from '../endpoints/EndpointContext.js';
import { ONE_URI, SCHEME } from '../endpoints/parameters.js';
import type { Route } from '../http/Route.js';
import { browsed } from './skosmosConcept.js';
import { skosmosAnswers, skosmosRoute, type SkosmosKit } from './skosmosKit.js';
import { CHANGES_LIMIT, CHANGES_OFFSET, TITLES_LANG, TYPES_LANG, VOCID, SKOSMOS_LANG } from './skosmosParameters.js';
import {
  changeListBody,
  groupsBody,
  labelStatisticsBody,
  statisticsBody,
  topConceptsBody,
  typesBody,
  vocabulariesBody,
  vocabularyBody,
} from './skosmosShapes.js';
import { vocabularies } from './SkosmosVocabularies.js';

/**
 * The Skosmos methods about the vocabularies (docs/skosmos.md): the list, each one, its types,
 * top concepts, groups (none) and changes (none read). A vocabulary is a concept scheme
 * (SkosmosVocabularies.ts). `vocabularyRoute`, `{vocid}/`, goes last: it would take every
 * global path.
 */
export function skosmosVocabularyRoutes(context: EndpointContext, kit: SkosmosKit): Route[] {
  const { config, concepts } = context;
  const { vocab, labelLang } = kit;
  return [
    skosmosRoute({
      path: '/vocabularies',
      summary: 'Skosmos: the vocabularies (one per concept scheme)',
      parameters: { lang: TITLES_LANG },
      answers: skosmosAnswers('The vocabularies.', 'object', false),
      answer: async ({ lang }) => vocabulariesBody(await vocabularies(concepts, lang, config), lang),
    }),
    skosmosRoute({
      path: '/types',
      summary: 'Skosmos: the concept types',
      parameters: { lang: TYPES_LANG },
      answers: skosmosAnswers('The types.', 'object', false),
      answer: () => typesBody(),
    }),
    skosmosRoute({
      path: '/:vocid/types',
      summary: "Skosmos: a vocabulary's concept types",
      parameters: { vocid: VOCID, lang: SKOSMOS_LANG },
      answer: async ({ vocid, lang }) => {
        await vocab(vocid, lang);
        return typesBody();
      },
    }),
    skosmosRoute({
      path: '/:vocid/topConcepts',
      summary: "Skosmos: a vocabulary's top concepts",
      parameters: { vocid: VOCID, lang: SKOSMOS_LANG, scheme: SCHEME },
      answer: async ({ vocid, lang, scheme }) => {
        const found = await vocab(vocid, lang);
        const uri = scheme ?? found.scheme;
        const language = labelLang(lang, found);
        return topConceptsBody(uri, uri === undefined ? [] : await browsed(concepts, 'top', uri, language), language);
      },
    }),
    ...emptyRoutes(context, kit),
    skosmosRoute({
      path: '/:vocid/vocabularyStatistics',
      summary: 'Skosmos: how many concepts a vocabulary holds, by class, deprecated ones apart',
      parameters: { vocid: VOCID, lang: SKOSMOS_LANG },
      answer: async ({ vocid, lang }) => {
        const found = await vocab(vocid, lang);
        const language = lang ?? config.defaultLang;
        const concept = config.conceptTypes.includes(`${SKOS}Concept`) ? `${SKOS}Concept` : (config.conceptTypes[0] ?? `${SKOS}Concept`);
        // a scheme's members counted in the store, as Skosmos counts its vocabulary's; the whole of data without schemes, as the label index counts it
        const report = concepts.indexReport;
        const counts =
          found.scheme !== undefined
            ? await concepts.classCounts(found.scheme, language)
            : report === undefined
              ? []
              : [{ type: concept, members: report.concepts + report.deprecated, deprecated: report.deprecated }];
        return statisticsBody(found, counts, concept, language);
      },
    }),
    skosmosRoute({
      path: '/:vocid/labelStatistics',
      summary: "Skosmos: how many labels of each kind a vocabulary's concepts hold in each language",
      parameters: { vocid: VOCID, lang: SKOSMOS_LANG },
      answer: async ({ vocid, lang }) => {
        const found = await vocab(vocid, lang);
        const language = lang ?? config.defaultLang;
        return labelStatisticsBody(found, found.scheme === undefined ? [] : await concepts.labelStatistics(found.scheme), language);
      },
    }),
  ];
}

/** What this service has none of, answered as Skosmos answers a vocabulary without them: groups and their members. */
function emptyRoutes({ config }: EndpointContext, { vocab }: SkosmosKit): Route[] {
  return [
    skosmosRoute({
      path: '/:vocid/groups',
      summary: "Skosmos: a vocabulary's groups (none)",
      parameters: { vocid: VOCID, lang: SKOSMOS_LANG },
      answer: async ({ vocid, lang }) => {
        await vocab(vocid, lang);
        return groupsBody(lang ?? config.defaultLang);
      },
    }),
    // concept groups: none here, so no group has members, as Skosmos answers for a group it does not know
    skosmosRoute({
      path: '/:vocid/groupMembers',
      summary: "Skosmos: a group's members (no groups here: always 404)",
      parameters: { vocid: VOCID, lang: SKOSMOS_LANG, uri: ONE_URI },
      answer: async ({ vocid, lang, uri }) => {
        await vocab(vocid, lang);
        throw new NotFoundError(`Could not find group <${uri}>`);
      },
    }),
  ];
}

/**
 * `new` and `modified`: the vocabulary's concepts by when the data says they were made
 * (dcterms:created) or changed (dcterms:modified), the latest first, a page of `limit` from
 * `offset`, each with its prefLabel in `lang`; asked of the store. A vocabulary of data without
 * schemes has none to list.
 */
export function changeRoutes({ config, concepts }: EndpointContext, { vocab }: SkosmosKit): Route[] {
  return (
    [
      ['new', 'created'],
      ['modified', 'modified'],
    ] as const
  ).map(([name, kind]) =>
    skosmosRoute({
      path: `/:vocid/${name}`,
      summary: `Skosmos: the concepts by dcterms:${kind}, the latest first`,
      parameters: { vocid: VOCID, lang: SKOSMOS_LANG, offset: CHANGES_OFFSET, limit: CHANGES_LIMIT },
      answer: async ({ vocid, lang, offset, limit }) => {
        const found = await vocab(vocid, lang);
        const language = lang ?? config.defaultLang;
        const changes = found.scheme === undefined ? [] : await concepts.changes(kind, found.scheme, { limit, offset });
        const labels = await concepts.labelsOf(
          changes.map(({ uri }) => uri),
          language,
        );
        return changeListBody(
          changes.map(({ uri, date }) => ({ uri, prefLabel: labels.get(uri) ?? '', date })),
          language,
        );
      },
    }),
  );
}

/** `{vocid}/`: a vocabulary, its id, title, languages and concept scheme. */
export function vocabularyRoute({ config }: EndpointContext, { vocab }: SkosmosKit): Route {
  return skosmosRoute({
    path: '/:vocid/',
    summary: 'Skosmos: a vocabulary',
    parameters: { vocid: VOCID, lang: SKOSMOS_LANG },
    answer: async ({ vocid, lang }) => vocabularyBody(await vocab(vocid, lang), lang ?? config.defaultLang),
  });
}
