import { declare, type Route, type Tag } from '../http/Route.js';
import type { ReconcileServices } from './ReconcileServices.js';
import { LANG } from '../endpoints/parameters.js';
import { PREVIEW_ID, PREVIEW_Q } from './reconcileParameters.js';

/** The answers of the preview card. */
const PREVIEW_ANSWERS = {
  '200': {
    description:
      "A small HTML card, every text escaped, whose one script asks again where an id's fragment was cut off; any page may frame it.",
    content: { 'text/html': { schema: { type: 'string' } } },
  },
  '400': { $ref: '#/components/responses/BadRequest' },
  '404': { description: 'No such concept: a page that says so.', content: { 'text/html': { schema: { type: 'string' } } } },
};

/** The preview card of a concept (ReconcileServices.preview), at `path` of a version's `tag`. */
export function previewRoute(path: string, tag: Tag, summary: string, services: ReconcileServices): Route {
  return declare({
    path,
    tag,
    summary,
    parameters: { id: PREVIEW_ID, q: PREVIEW_Q, lang: LANG },
    answers: PREVIEW_ANSWERS,
    cache: 'by-address',
    send: ({ q, lang }, req, res) => services.preview(req, res, q, lang),
  });
}
