import type { EndpointContext } from '../endpoints/EndpointContext.js';
import { NotFoundError } from '../errors.js';
import type { Description } from '../lookup/storePath/StoreConcepts.js';
import { declare, type Parameters, type Route, type Tag } from '../http/Route.js';
import { vocabulary, type Vocabulary } from './SkosmosVocabularies.js';

/** Where the API is mounted: Skosmos' own path, so that a client needs only the service's base URL. */
export const SKOSMOS_PATH = '/rest/v1';

export const SKOSMOS: Tag = {
  name: 'Skosmos REST API',
  description: "The read part of Skosmos' REST API, for Skosmos' clients (docs/skosmos.md).",
  mentioned: { root: SKOSMOS_PATH, as: ' (the Skosmos REST API)' },
};

/**
 * The answers of a Skosmos method: its documents are Skosmos' JSON-LD, checked with its own
 * clients by test:clients, so they are only named here; a 404 where it names a vocabulary or
 * a concept.
 */
export function skosmosAnswers(what: string, type: 'object' | 'array' = 'object', notFound = true): Record<string, object> {
  return {
    '200': { description: what, content: { 'application/json': { schema: { type } } } },
    '400': { $ref: '#/components/responses/BadRequest' },
    ...(notFound ? { '404': { $ref: '#/components/responses/NotFound' } } : {}),
  };
}

/** A Skosmos method's route: under SKOSMOS_PATH, its tag, kept in the response cache; answers of Skosmos' JSON-LD unless it says. */
export function skosmosRoute<P extends Parameters>(
  route: Omit<Route<P>, 'tag' | 'cache' | 'answers'> & { answers?: Route<P>['answers'] },
): Route {
  return declare<P>({
    tag: SKOSMOS,
    cache: 'shared',
    answers: skosmosAnswers(`${route.summary.replace(/^Skosmos: /, '')} (Skosmos JSON-LD).`),
    ...route,
    path: `${SKOSMOS_PATH}${route.path}`,
  });
}

/** What the Skosmos routes ask of the vocabulary: a vocabulary by its id, and the language of a concept's labels. */
export interface SkosmosKit {
  /** The vocabulary of `{vocid}`, or a 404 naming the ids there are; its title in `lang`, else the default language. */
  vocab(vocid: string, lang: string | undefined): Promise<Vocabulary>;
  /** `clang` and `lang` as Skosmos reads them for a concept's labels: `lang`, else the vocabulary's default language. */
  labelLang(lang: string | undefined, vocabularyOf?: Vocabulary): string;
  /** The vocabulary of `{vocid}` and the language of a concept's labels in it: what a method about one concept starts with. */
  opened(vocid: string, lang: string | undefined): Promise<{ found: Vocabulary; language: string }>;
  /** The statements about a concept, or a 404 as Skosmos answers where there are none. */
  described(uri: string): Promise<Description>;
}

export function skosmosKit({ config, concepts }: EndpointContext): SkosmosKit {
  const kit: SkosmosKit = {
    vocab: (vocid, lang) => vocabulary(concepts, vocid, lang ?? config.defaultLang, config),
    labelLang: (lang, vocabularyOf) => lang ?? vocabularyOf?.defaultLanguage ?? config.defaultLang,
    opened: async (vocid, lang) => {
      const found = await kit.vocab(vocid, lang);
      return { found, language: kit.labelLang(lang, found) };
    },
    described: async (uri) => {
      const description = await concepts.describe(uri);
      if (description.statements.length === 0) throw new NotFoundError('no concept found with given uri');
      return description;
    },
  };
  return kit;
}
