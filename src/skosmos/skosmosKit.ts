import type { RequestHandler } from 'express';
import type { EndpointContext } from '../endpoints/EndpointContext.js';
import { cachedJson } from '../endpoints/cachedJson.js';
import { langParameter, oneUriParameter, type QueryParameters } from '../endpoints/parameters.js';
import { vocabulary, type Vocabulary } from './SkosmosVocabularies.js';

/** Where the API is mounted: Skosmos' own path, so that a client needs only the service's base URL. */
export const SKOSMOS_PATH = '/rest/v1';

export const SKOS_PREFIX = 'http://www.w3.org/2004/02/skos/core#';
export const ONKI = 'http://schema.onki.fi/onki#';
export const CONTEXT = { skos: SKOS_PREFIX, uri: '@id', type: '@type' };
export const LABEL_CONTEXT = { prefLabel: 'skos:prefLabel', altLabel: 'skos:altLabel', hiddenLabel: 'skos:hiddenLabel' };
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

/** A request as the Skosmos handlers see it: its `{vocid}`, where the path has one. */
export interface SkosmosRequest {
  params: { vocid?: string };
}

/** What the Skosmos routes share: how an answer is cached, and how a vocabulary and a language are read. */
export interface SkosmosKit {
  /** Answers JSON through the response cache (endpoints/cachedJson.ts). */
  answer(render: (req: SkosmosRequest, params: QueryParameters) => Promise<unknown>): RequestHandler;
  /** `lang`, else the service's default language. */
  lang(params: QueryParameters): string;
  /** The vocabulary of `{vocid}`, or a 404 naming the ids there are. */
  vocab(req: SkosmosRequest, params: QueryParameters): Promise<Vocabulary>;
  /** `clang` and `lang` as Skosmos reads them for a concept's labels: `lang`, else the vocabulary's default language. */
  labelLang(params: QueryParameters, vocabularyOf?: Vocabulary): string;
  /** A route of `{vocid}/...?uri=`: the vocabulary checked, then the concept's IRI, its labels' language and the vocabulary handed on. */
  conceptAnswer(render: (uri: string, language: string, params: QueryParameters, found: Vocabulary) => Promise<unknown>): RequestHandler;
  /** The path with and without `{vocid}`. */
  withVocab(path: string): string[];
}

export function skosmosKit(context: EndpointContext): SkosmosKit {
  const { config, concepts } = context;
  const kit: SkosmosKit = {
    answer: (render) => cachedJson(context, 'skosmos', PARAMETERS, (params, vocid) => render({ params: { vocid } }, params)),
    lang: (params) => langParameter(params) ?? config.defaultLang,
    vocab: (req, params) => vocabulary(concepts, String(req.params.vocid), kit.lang(params), config),
    labelLang: (params, vocabularyOf) => langParameter(params) ?? vocabularyOf?.defaultLanguage ?? config.defaultLang,
    conceptAnswer: (render) =>
      kit.answer(async (req, params) => {
        const found = await kit.vocab(req, params);
        return render(oneUriParameter(params), kit.labelLang(params, found), params, found);
      }),
    withVocab: (path) => [`${SKOSMOS_PATH}${path}`, `${SKOSMOS_PATH}/:vocid${path}`],
  };
  return kit;
}
