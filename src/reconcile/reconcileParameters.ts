import { MAX_NAME_LENGTH, TEXT_SCHEMA, integerParameter, textMessages } from '../endpoints/parameters.js';
import type { QueryParameter } from '../http/QueryParameter.js';
import { MAX_EXTEND_IDS } from './extend.js';
import { MAX_BATCH } from './ReconcileBatch.js';
import { QUERY_BATCH_SCHEMA } from './queryBatchSchema.js';
import { MAX_OFFSET, MAX_SUGGEST, SUGGEST_COUNT } from './ReconcileServices.js';

/**
 * The query parameters of the reconciliation API's services (0.2 under /reconcile, the 1.0
 * draft under /reconcile/1.0-draft), declared once each: the routes read them, `/openapi.json`
 * describes them. OpenRefine sends an empty `cursor`, taken as none.
 */

/** A parameter required and read as given, with no rule of its own. */
function requiredText(name: string, description: string): QueryParameter<string> {
  return {
    name,
    required: true,
    description,
    schema: { type: 'string' },
    messages: { required: () => `'${name}' parameter is mandatory` },
  };
}

/** `queries` (GET, or a form POST's field): a query batch as JSON (readQueryBatch.ts reads it). */
export const QUERIES: QueryParameter<string | undefined> = {
  name: 'queries',
  description: `A reconciliation query batch, as JSON (at most ${MAX_BATCH} queries, the manifest's batchSize).`,
  schema: { type: 'string', contentMediaType: 'application/json', contentSchema: QUERY_BATCH_SCHEMA },
  messages: {},
};

/** `extend`: a data extension query as JSON (extend.ts reads it). */
export const EXTEND: QueryParameter<string | undefined> = {
  name: 'extend',
  description: `A data extension query, as JSON (at most ${MAX_EXTEND_IDS} ids).`,
  schema: { type: 'string', contentMediaType: 'application/json' },
  messages: {},
};

/** `prefix` of entity suggest: trimmed, the rules of /search's `q`; empty is allowed. */
export const ENTITY_PREFIX: QueryParameter<string> = {
  name: 'prefix',
  required: true,
  trim: true,
  description: 'What was typed.',
  schema: TEXT_SCHEMA,
  messages: { required: () => "'prefix' parameter is mandatory", ...textMessages(() => "'prefix' parameter") },
};

/** `prefix` of type and property suggest: what was typed; empty gives them all. */
export const PREFIX = requiredText('prefix', 'What was typed; empty gives all.');

/** `type` of property proposals. */
export const PROPOSAL_TYPE = requiredText('type', 'A type.');

/** `limit` of property proposals: how many at most; absent or empty: all. */
export const PROPOSAL_LIMIT: QueryParameter<number | undefined> = {
  ...integerParameter('limit', 'How many at most; absent or empty: all.', 1, 1, 9999),
  schema: { type: 'integer', minimum: 1, maximum: 9999 },
  emptyIsMissing: true,
};

/** `cursor` of 0.2's suggest services: how many suggestions to skip. */
export const CURSOR: QueryParameter<number> = {
  ...integerParameter('cursor', 'How many suggestions to skip.', 0, 0, MAX_OFFSET),
  emptyIsMissing: true,
};

/** `offset` and `limit` of the 1.0 draft's suggest services. */
export const DRAFT_OFFSET: QueryParameter<number> = {
  ...integerParameter('offset', 'How many suggestions to skip.', 0, 0, MAX_OFFSET),
  emptyIsMissing: true,
};
export const DRAFT_LIMIT: QueryParameter<number> = {
  ...integerParameter('limit', `How many suggestions, 1 to ${MAX_SUGGEST} (default ${SUGGEST_COUNT}).`, SUGGEST_COUNT, 1, MAX_SUGGEST),
  emptyIsMissing: true,
};

/**
 * `id` of the preview card: the concept's IRI. Declared for the description: the preview reads
 * it itself (substitutedId.ts), as a `#` in an id may have cut it off.
 */
export const PREVIEW_ID: QueryParameter<string> = { ...requiredText('id', "The concept's IRI."), describedOnly: true };

/**
 * `q` of the preview card, optional: the name the card is shown for. With it, the card says
 * why the concept is a candidate for that name (its features in words), as the candidate's
 * `description` does.
 */
export const PREVIEW_Q: QueryParameter<string | undefined> = {
  name: 'q',
  trim: true,
  emptyIsMissing: true,
  description: `The name the concept is a candidate for: the card then says why (at most ${MAX_NAME_LENGTH} characters).`,
  schema: { ...TEXT_SCHEMA, maxLength: MAX_NAME_LENGTH },
  messages: textMessages(() => "'q' parameter", MAX_NAME_LENGTH),
};

/** `id` of the features' page: one feature's id (`how_typo`, `property:broader`); absent: all of them. */
export const FEATURE_ID: QueryParameter<string | undefined> = {
  name: 'id',
  description: "A feature's id, as candidates carry it; absent: every feature.",
  schema: { type: 'string', maxLength: 200 },
  messages: { maxLength: () => "'id' parameter must be at most 200 characters long" },
};
