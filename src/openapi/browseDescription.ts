import { TOP_SCHEME } from '../endpoints/browse.js';
import { BROWSE_COUNT, MAX_BROWSE_COUNT, MAX_RESULTS_DEPTH, ONE_URI } from '../endpoints/parameters.js';
import { openApiParameter } from '../endpoints/QueryParameter.js';

type Ref = (kind: string, name: string) => { $ref: string };
type Lookup = (summary: string, description: string, parameters: object[], body: string) => object;

const ORDER =
  "Order: a concept with a skos:notation before one without, by its smallest notation in code-point order (`730` before `75`); then by the folded prefLabel in the display language; then URI. Pages never overlap or skip. Deprecated concepts are never listed. A list of more than 2,000 concepts asked in another language than the default is paged by that language's order of every concept: the first such request makes it (seconds at millions of concepts) and is answered 503 with `Retry-After` until it is made.";

/** The browsing paths of the OpenAPI description (API.md, "Browsing"), made with its helpers. */
export function browsePaths(lookup: Lookup, ref: Ref): Record<string, object> {
  const page = [openApiParameter(BROWSE_COUNT), ref('parameters', 'page'), ref('parameters', 'lang'), ref('parameters', 'fields')];
  return {
    '/schemes': lookup(
      'The concept schemes',
      'Every concept scheme that a concept is in (skos:inScheme, skos:topConceptOf) or that is typed skos:ConceptScheme, sorted by prefLabel (skos:prefLabel, then rdfs:label, then dcterms:title), then URI.',
      [ref('parameters', 'lang')],
      'SchemesResponse',
    ),
    '/top': lookup(
      "A scheme's top concepts",
      `The concepts skos:topConceptOf the scheme or named by its skos:hasTopConcept; where the data states neither for it, its concepts that have no broader concept in it (a deprecated one does not count). A scheme unknown to the data: an empty list. ${ORDER}`,
      [openApiParameter(TOP_SCHEME), ...page],
      'BrowseResponse',
    ),
    '/narrower': lookup(
      'The concepts one level down',
      `Every concept whose skos:broader is \`uri\`, or that \`uri\` names with skos:narrower, each once. A \`uri\` that is no concept, or has nothing below it: an empty list. ${ORDER}`,
      [openApiParameter(ONE_URI), ...page],
      'BrowseResponse',
    ),
  };
}

/** The schemas the browsing paths answer with, and the Concept properties of the fields that walk the hierarchy. */
export function browseSchemas(ref: Ref): { schemas: Record<string, object>; conceptProperties: Record<string, object> } {
  return {
    schemas: {
      BrowseResponse: {
        type: 'object',
        description: `The body of /top and /narrower: a page of at most ${MAX_BROWSE_COUNT} concepts, no deeper than ${MAX_RESULTS_DEPTH}.`,
        required: ['concepts'],
        additionalProperties: false,
        properties: { concepts: { type: 'array', maxItems: MAX_BROWSE_COUNT, items: ref('schemas', 'Concept') } },
      },
      SchemesResponse: {
        type: 'object',
        required: ['schemes'],
        additionalProperties: false,
        properties: {
          schemes: {
            type: 'array',
            items: {
              type: 'object',
              required: ['uri', 'prefLabel', 'concepts', 'topConcepts', 'languages'],
              additionalProperties: false,
              properties: {
                uri: { type: 'string' },
                prefLabel: { type: 'string', description: 'Chosen as a concept\'s is, failing that from dcterms:title; "" when none.' },
                concepts: { type: 'integer', minimum: 0, description: 'Its concepts that are not deprecated.' },
                topConcepts: { type: 'integer', minimum: 0, description: 'How many /top lists for it.' },
                languages: {
                  type: 'array',
                  items: { type: 'string' },
                  description: "The language tags of its concepts' prefLabels, lower case, sorted.",
                },
              },
            },
          },
        },
      },
    },
    conceptProperties: {
      ancestors: {
        type: 'array',
        items: ref('schemas', 'Related'),
        description:
          "Opt-in: from the top of its hierarchy down to its parent: its first broader concept in the order of /narrower (deprecated ones too), then that one's, and so on until a concept with none; a cycle stops at the first concept met again, and the walk at 64 levels. Empty where it has no broader concept.",
      },
      narrower: { type: 'array', items: ref('schemas', 'Related'), description: 'Opt-in: what /narrower lists for it, in that order.' },
      narrowerCount: { type: 'integer', minimum: 0, description: 'Opt-in: how many concepts /narrower lists for it.' },
    },
  };
}
