import type { Tag } from '../http/Route.js';
import { MAX_NAME_LENGTH } from '../endpoints/parameters.js';
import { MAX_EXTEND_IDS, MAX_EXTEND_PROPERTIES, MAX_EXTEND_READS } from './extend.js';
import { MAX_BATCH, MAX_NOTATIONS, MAX_PROPERTIES, MAX_TEXT, MAX_VALUES } from './ReconcileBatch.js';

export const RECONCILIATION: Tag = {
  name: 'Reconciliation 0.2',
  description: "The W3C reconciliation API 0.2, as OpenRefine's client speaks it.",
  mentioned: { root: '/reconcile', as: '' },
};

export const RECONCILIATION_DRAFT: Tag = { name: 'Reconciliation 1.0 draft', description: 'The W3C reconciliation API, the 1.0 draft.' };

/** What one reconciliation request may ask (ReconcileBatch.ts, extend.ts): past a limit, a 400 or 413 naming it. */
export const RECONCILE_LIMITS =
  `Limits: at most ${MAX_BATCH} queries a batch (413 above), ${MAX_PROPERTIES} properties or conditions a query, ${MAX_VALUES} values a property, ` +
  `${MAX_NOTATIONS} notations a query (400 above); a value longer than ${MAX_TEXT} characters is left out, and a name longer than ${MAX_NAME_LENGTH} (${MAX_TEXT} without the label index) gets no candidates. ` +
  `Data extension: at most ${MAX_EXTEND_IDS} ids and ${MAX_EXTEND_PROPERTIES} properties, and ids times the properties' distinct lang settings at most ${MAX_EXTEND_READS} (400 above).`;

/**
 * The answers of a reconciliation route: its documents are the reconciliation API's (0.2, and
 * the 1.0 draft), whose JSON Schemas are those specifications' (test:reconcile checks the
 * answers against them), so they are only named here.
 */
export function reconcileAnswers(what: string, extra: Record<string, object> = {}): Record<string, object> {
  return {
    '200': { description: what, content: { 'application/json': { schema: { type: 'object' } } } },
    '400': { $ref: '#/components/responses/BadRequest' },
    '413': { $ref: '#/components/responses/PayloadTooLarge' },
    '415': { $ref: '#/components/responses/UnsupportedMediaType' },
    ...extra,
  };
}
