import type { RequestHandler, Router } from 'express';
import { NotFoundError } from '../errors.js';
import type { EndpointContext } from '../endpoints/EndpointContext.js';
import { oneUriParameter, queryParameters } from '../endpoints/parameters.js';
import { readParameter } from '../endpoints/QueryParameter.js';
import { FORMAT, TRANSITIVE_LIMIT, textOf } from './skosmosParameters.js';
import { cachedAnswer } from '../http/cachedAnswer.js';
import { renderedText } from '../http/ResponseCache.js';
import { route } from '../http/route.js';
import { sendBody } from '../http/sendRendered.js';
import { browsed, conceptOrNotFound, related, transitive } from './skosmosConcept.js';
import { dataFormat, writeData } from './skosmosData.js';
import { hierarchy } from './skosmosHierarchy.js';
import { CONTEXT, LABEL_CONTEXT, ONKI, SKOSMOS_PATH, type SkosmosKit } from './skosmosKit.js';
import { mappingsOf } from './skosmosMappings.js';

/**
 * The Skosmos REST API's routes about one concept (`uri`): its labels, its neighbours, the
 * hierarchy around it, its mappings and its RDF (docs/skosmos.md).
 */
export function skosmosConceptRoutes(router: Router, context: EndpointContext, kit: SkosmosKit): void {
  const { config, concepts, cache } = context;
  const { answer, vocab, labelLang, conceptAnswer, withVocab } = kit;

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
        const limit = readParameter(TRANSITIVE_LIMIT, params) as number;
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

  route(
    router,
    `${SKOSMOS_PATH}/:vocid/hierarchy`,
    conceptAnswer(async (uri, language, _params, found) => ({
      '@context': {
        ...CONTEXT,
        onki: ONKI,
        prefLabel: 'skos:prefLabel',
        notation: 'skos:notation',
        narrower: { '@id': 'skos:narrower', '@type': '@id' },
        broader: { '@id': 'skos:broader', '@type': '@id' },
        broaderTransitive: { '@id': 'skos:broaderTransitive', '@container': '@index' },
        top: { '@id': 'skos:topConceptOf', '@type': '@id' },
        tops: { '@id': 'skos:topConceptOf', '@type': '@id' },
        hasChildren: 'onki:hasChildren',
        '@language': language,
      },
      uri,
      broaderTransitive: await hierarchy(concepts, uri, language, found.scheme),
    })),
  );

  route(
    router,
    `${SKOSMOS_PATH}/:vocid/mappings`,
    conceptAnswer(async (uri, language, _params, found) => {
      const description = await concepts.describe(uri);
      if (description.statements.length === 0) throw new NotFoundError('no concept found with given uri');
      return {
        mappings: mappingsOf(uri, description, language, found.scheme),
        graph: JSON.parse(writeData(uri, description, 'application/ld+json')) as unknown,
      };
    }),
  );

  const data: RequestHandler = async (req, res) => {
    const params = queryParameters(req.url);
    if (req.params.vocid !== undefined) await vocab(req, params);
    const uri = oneUriParameter(params);
    const format = dataFormat(textOf(params, FORMAT), req.get('Accept'));
    const key = JSON.stringify(['skosmos-data', uri, format]);
    const body = await cachedAnswer(res, cache, key, async () => {
      const description = await concepts.describe(uri);
      if (description.statements.length === 0) throw new NotFoundError('no concept found with given uri');
      return renderedText(writeData(uri, description, format));
    });
    await sendBody(req, res, body, `${format}; charset=utf-8`, `public, max-age=${config.httpMaxAge}`, 'answer');
  };
  for (const path of withVocab('/data')) route(router, path, data);
}
