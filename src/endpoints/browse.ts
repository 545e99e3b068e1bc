import { BadRequestError, NotFoundError } from '../errors.js';
import type { QueryParameter } from '../http/QueryParameter.js';
import { declare, type Route } from '../http/Route.js';
import type { BrowseRequest } from '../lookup/Finder.js';
import { lookupAnswers } from './answers.js';
import type { EndpointContext } from './EndpointContext.js';
import { BROWSE_COUNT, FIELDS_PARAMETER, LANG, ONE_URI, PAGE, SCHEME } from './parameters.js';
import { BROWSING } from './tags.js';

/** `scheme` of /top: the rules of `scheme` elsewhere, but optional only where the data holds exactly one scheme. */
const TOP_SCHEME: QueryParameter<string | undefined> = {
  ...SCHEME,
  description:
    'The concept scheme, an absolute IRI. Optional when the data holds exactly one scheme; otherwise a 400 says how many there are (see /schemes).',
};

const ORDER =
  "Order: a concept with a skos:notation before one without, by its smallest notation in code-point order (`730` before `75`); then by the folded prefLabel in the display language; then URI. Pages never overlap or skip. Deprecated concepts are never listed. A list of more than 2,000 concepts asked in another language than the default is paged by that language's order of every concept: the first such request makes it (seconds at millions of concepts) and is answered 503 with `Retry-After` until it is made.";

/** The page of a browsing list, after its subject. */
const PAGED = { count: BROWSE_COUNT, page: PAGE, lang: LANG, fields: FIELDS_PARAMETER };

/**
 * GET /schemes[?lang=X]: `{"schemes": [...]}`, every concept scheme with its label, its
 * concepts, its top concepts and its languages (API.md, "Browsing").
 */
export function schemesRoute({ config, concepts }: EndpointContext): Route {
  return declare({
    path: '/schemes',
    tag: BROWSING,
    summary: 'The concept schemes',
    description:
      'Every concept scheme that a concept is in (skos:inScheme, skos:topConceptOf) or that is typed skos:ConceptScheme, sorted by prefLabel (skos:prefLabel, then rdfs:label, then dcterms:title, then dc:title, else the last segment of its IRI), then URI.',
    parameters: { lang: LANG },
    answers: lookupAnswers('SchemesResponse'),
    cache: 'shared',
    answer: async ({ lang }) => ({ schemes: await concepts.schemes(lang ?? config.defaultLang) }),
  });
}

/**
 * GET /top?scheme=S: a page of the scheme's top concepts, in browsing order. `scheme` may be
 * left out where the data holds exactly one scheme; one /schemes does not list is a 404.
 */
export function topRoute({ config, concepts }: EndpointContext): Route {
  return declare({
    path: '/top',
    tag: BROWSING,
    summary: "A scheme's top concepts",
    description: `The concepts skos:topConceptOf the scheme or named by its skos:hasTopConcept; where the data states neither for it, its concepts that have no broader concept in it (a deprecated one does not count). A scheme the data does not hold: a 404. ${ORDER}`,
    parameters: { scheme: TOP_SCHEME, ...PAGED },
    answers: { ...lookupAnswers('BrowseResponse'), '404': { $ref: '#/components/responses/NotFound' } },
    cache: 'shared',
    heavy: ({ fields }) => fields.has('narrower'),
    answer: async ({ scheme, count, page, lang, fields }) => {
      // the schemes' IRIs alone (no concept counted): a 400 or 404 comes before any list is read
      const schemes = await concepts.schemeIris();
      const where = `${config.basePath}/schemes`;
      let uri = scheme;
      if (uri !== undefined && !schemes.includes(uri))
        throw new NotFoundError(`no concept scheme <${uri}> in the vocabulary (${where} lists them)`);
      if (uri === undefined && schemes.length === 1) uri = schemes[0] as string;
      if (uri === undefined)
        throw new BadRequestError(
          schemes.length === 0
            ? `'scheme' parameter is mandatory: the vocabulary has no concept scheme, so /top has none to list (${where} lists them)`
            : `'scheme' parameter is mandatory: the vocabulary has ${schemes.length} concept schemes (${where} lists them)`,
        );
      const request: BrowseRequest = { uri, count, page, lang, fields };
      return { concepts: await concepts.top(request) };
    },
  });
}

/** GET /narrower?uri=C: a page of the concepts one level below C, in browsing order; 404 where C is no concept. */
export function narrowerRoute({ config, concepts }: EndpointContext): Route {
  return declare({
    path: '/narrower',
    tag: BROWSING,
    summary: 'The concepts one level down',
    description: `Every concept whose skos:broader is \`uri\`, or that \`uri\` names with skos:narrower, each once. A \`uri\` that is no concept: a 404; one with nothing below it: an empty list. ${ORDER}`,
    parameters: { uri: ONE_URI, ...PAGED },
    answers: { ...lookupAnswers('BrowseResponse'), '404': { $ref: '#/components/responses/NotFound' } },
    cache: 'shared',
    heavy: ({ fields }) => fields.has('narrower'),
    answer: async ({ uri, count, page, lang, fields }) => {
      // a deprecated concept is one (what is below it is listed); anything else the vocabulary does not hold is a 404
      if ((await concepts.get([uri], lang ?? config.defaultLang)).length === 0)
        throw new NotFoundError(`no concept <${uri}> in the vocabulary`);
      return { concepts: await concepts.narrower({ uri, count, page, lang, fields }) };
    },
  });
}
