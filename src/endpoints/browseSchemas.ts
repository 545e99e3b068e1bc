import { MAX_BROWSE_COUNT, MAX_RESULTS_DEPTH } from './parameters.js';

type Ref = (kind: string, name: string) => { $ref: string };

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
                prefLabel: {
                  type: 'string',
                  description:
                    'Chosen as a concept\'s is, failing that from dcterms:title, then dc:title; with none, the last segment of its IRI (never "").',
                },
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
