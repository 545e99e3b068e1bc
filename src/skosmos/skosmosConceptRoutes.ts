import type { EndpointContext } from '../endpoints/EndpointContext.js';
import { NotFoundError } from '../errors.js';
import type { QueryParameter } from '../http/QueryParameter.js';
import { ONE_URI } from '../endpoints/parameters.js';
import { cachedAnswer } from '../http/cachedAnswer.js';
import { renderedText } from '../http/ResponseCache.js';
import type { Route } from '../http/Route.js';
import { sendBody } from '../http/sendRendered.js';
import { browsed, conceptOrNotFound, related, transitive } from './skosmosConcept.js';
import { DATA_FORMATS, dataFormat, writeData } from './skosmosData.js';
import { hierarchy } from './skosmosHierarchy.js';
import { SKOSMOS_PATH, skosmosAnswers, skosmosRoute, type SkosmosKit } from './skosmosKit.js';
import { mappingsOf } from './skosmosMappings.js';
import { FORMAT, TRANSITIVE_LIMIT, VOCID, SKOSMOS_LANG } from './skosmosParameters.js';
import { childrenBody, hierarchyBody, labelBody, neighboursBody, transitiveBody } from './skosmosShapes.js';

/** `uri` of `{vocid}/data`: the concept; absent, the whole vocabulary (its dump). */
const DUMP_OR_URI: QueryParameter<string | undefined> = {
  ...ONE_URI,
  required: false,
  description:
    "The concept, an absolute IRI; absent: the vocabulary's dump (a redirect where VOCABULARY_DUMPS or the data's void:dataDump names one, else a 404).",
};

/** The parameters of a method about one concept of a vocabulary. */
const OF_CONCEPT = { vocid: VOCID, uri: ONE_URI, lang: SKOSMOS_LANG };

/**
 * The Skosmos REST API's methods about one concept (`uri`): its labels, its neighbours, the
 * hierarchy around it, its mappings and its RDF (docs/skosmos.md). Each checks its vocabulary
 * first (a 404 naming the ids there are), then reads the concept's labels in `lang`, else the
 * vocabulary's default language.
 */
export function skosmosConceptRoutes(context: EndpointContext, kit: SkosmosKit): Route[] {
  return [...labelRoutes(context, kit), ...neighbourRoutes(context, kit), ...walkRoutes(context, kit), ...dataRoutes(context, kit)];
}

/** `label`, with and without a vocabulary: the concept's prefLabel and altLabels. */
function labelRoutes({ concepts }: EndpointContext, { labelLang, opened }: SkosmosKit): Route[] {
  return [
    skosmosRoute({
      path: '/label',
      summary: "Skosmos: a concept's labels",
      parameters: { uri: ONE_URI, lang: SKOSMOS_LANG },
      answer: async ({ uri, lang }) => {
        const language = labelLang(lang);
        return labelBody(uri, await conceptOrNotFound(concepts, uri, language, new Set()), language);
      },
    }),
    skosmosRoute({
      path: '/:vocid/label',
      summary: "Skosmos: a concept's labels",
      parameters: OF_CONCEPT,
      answer: async ({ vocid, uri, lang }) => {
        const { language } = await opened(vocid, lang);
        return labelBody(uri, await conceptOrNotFound(concepts, uri, language, new Set()), language);
      },
    }),
  ];
}

/** `broader`, `narrower`, `related`: the concept's neighbours. */
function neighbourRoutes({ concepts }: EndpointContext, { opened }: SkosmosKit): Route[] {
  return (
    [
      ['broader', 'broader', 'Skosmos: the broader concepts'],
      ['narrower', 'narrower', 'Skosmos: the narrower concepts'],
      ['related', undefined, 'Skosmos: the related concepts'],
    ] as const
  ).map(([name, field, summary]) =>
    skosmosRoute({
      path: `/:vocid/${name}`,
      summary,
      parameters: OF_CONCEPT,
      answer: async ({ vocid, uri, lang }) => {
        const { language } = await opened(vocid, lang);
        const concept = await conceptOrNotFound(concepts, uri, language, new Set(field === undefined ? [] : [field]));
        return neighboursBody(name, uri, related(field === undefined ? concept.related : concept[field]), language);
      },
    }),
  );
}

/** The hierarchy around the concept: `broaderTransitive`, `narrowerTransitive`, `children`, `hierarchy`, and its `mappings`. */
function walkRoutes({ concepts }: EndpointContext, { opened, described }: SkosmosKit): Route[] {
  return [
    ...(
      [
        ['broaderTransitive', 'broader', 'Skosmos: the concept and those above it'],
        ['narrowerTransitive', 'narrower', 'Skosmos: the concept and those below it'],
      ] as const
    ).map(([name, direction, summary]) =>
      skosmosRoute({
        path: `/:vocid/${name}`,
        summary,
        parameters: { ...OF_CONCEPT, limit: TRANSITIVE_LIMIT },
        answer: async ({ vocid, uri, lang, limit }) => {
          const { language } = await opened(vocid, lang);
          return transitiveBody(name, direction, uri, await transitive(concepts, uri, language, direction, limit), language);
        },
      }),
    ),
    skosmosRoute({
      path: '/:vocid/children',
      summary: 'Skosmos: the concepts one level below',
      parameters: OF_CONCEPT,
      answer: async ({ vocid, uri, lang }) => {
        const { language } = await opened(vocid, lang);
        await conceptOrNotFound(concepts, uri, language, new Set());
        return childrenBody(uri, await browsed(concepts, 'narrower', uri, language), language);
      },
    }),
    skosmosRoute({
      path: '/:vocid/hierarchy',
      summary: 'Skosmos: the concept and those above it, each with its children',
      parameters: OF_CONCEPT,
      answer: async ({ vocid, uri, lang }) => {
        const { found, language } = await opened(vocid, lang);
        return hierarchyBody(uri, await hierarchy(concepts, uri, language, found.scheme), language);
      },
    }),
    skosmosRoute({
      path: '/:vocid/mappings',
      summary: "Skosmos: the concept's SKOS mappings, as JSKOS",
      parameters: OF_CONCEPT,
      answer: async ({ vocid, uri, lang }) => {
        const { found, language } = await opened(vocid, lang);
        const description = await described(uri);
        return {
          mappings: mappingsOf(uri, description, language, found.scheme),
          graph: JSON.parse(writeData(uri, description, 'application/ld+json')) as unknown,
        };
      },
    }),
  ];
}

/**
 * `data`, with and without a vocabulary: the concept's RDF, in `format`, else the one the
 * Accept header prefers, else JSON-LD; kept under the format chosen (a header, so not a
 * parameter: the key says it).
 */
function dataRoutes({ config, cache, concepts }: EndpointContext, { vocab, described }: SkosmosKit): Route[] {
  const dataRoute = (
    path: string,
    summary: string,
    parameters: { vocid?: typeof VOCID; uri: typeof ONE_URI | typeof DUMP_OR_URI; format: typeof FORMAT },
  ): Route =>
    skosmosRoute({
      path,
      summary,
      parameters,
      answers: {
        ...skosmosAnswers('The concept and the labels of what it links to.'),
        '200': {
          description: 'The concept and the labels of what it links to.',
          content: Object.fromEntries(DATA_FORMATS.map((format) => [format, { schema: { type: 'string' } }])),
        },
        ...(parameters.vocid === undefined
          ? {}
          : { '302': { description: "Without `uri`: to the vocabulary's dump (VOCABULARY_DUMPS, else void:dataDump in its data)." } }),
        '406': { description: 'A format this service does not write; the message names those it does.' },
      },
      send: async (input, req, res) => {
        const { uri, format: asked } = input;
        // the global path declares no `{vocid}`: asked only where it is declared
        const found = 'vocid' in input ? await vocab(input.vocid as string, undefined) : undefined;
        if (uri === undefined) {
          // the whole vocabulary, as Skosmos answers it: its dump, where one is named
          // the operator's setting first, then what the vocabulary's own data says (void:dataDump)
          const dump =
            found === undefined
              ? undefined
              : (config.vocabularyDumps.get(found.id) ?? (found.scheme === undefined ? undefined : await concepts.dataDump(found.scheme)));
          if (dump === undefined)
            throw new NotFoundError(
              `no dump of the vocabulary '${found?.id ?? ''}' is named (VOCABULARY_DUMPS, or void:dataDump in its data); data?uri= gives one concept`,
            );
          res.set('Cache-Control', `public, max-age=${config.httpMaxAge}`).redirect(302, dump);
          return;
        }
        const format = dataFormat(asked, req.get('Accept'));
        const key = JSON.stringify([`${SKOSMOS_PATH}/data`, uri, format]);
        const body = await cachedAnswer(res, cache, key, async () => renderedText(writeData(uri, await described(uri), format)));
        await sendBody(req, res, body, `${format}; charset=utf-8`, `public, max-age=${config.httpMaxAge}`, 'answer');
      },
    });
  return [
    dataRoute('/data', 'Skosmos: a concept as RDF', { uri: ONE_URI, format: FORMAT }),
    dataRoute('/:vocid/data', "Skosmos: a concept as RDF, in a vocabulary; without uri, the vocabulary's dump", {
      vocid: VOCID,
      uri: DUMP_OR_URI,
      format: FORMAT,
    }),
  ];
}
