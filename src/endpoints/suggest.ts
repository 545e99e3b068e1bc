import type { Route } from '../http/Route.js';
import type { EndpointContext } from './EndpointContext.js';
import { findRoute } from './find.js';

/** `count` when the request gives none. */
const SUGGEST_DEFAULT_COUNT = 10;

/** GET /suggest?q=...[&count&page&lang&scheme&fields]: type-ahead; light concepts whose label words start with the query words. */
export function suggestRoute(context: EndpointContext): Route {
  return findRoute(
    'suggest',
    SUGGEST_DEFAULT_COUNT,
    context,
    {
      summary: 'Type-ahead suggestions, from the first keystroke',
      description:
        'Every query word must be the start of a word of a label (`comp sec` finds "Computer security"), case- and diacritics-insensitive, `oe`, `ue`, `ae`, `aa` also finding `ö`, `ü`, `ä`, `å`. Rank tiers: a label equals the query; a label starts with the query (`sun` finds "Sunspots" here; "The Sun", filed as `sun`, is in the first tier); the rest. Within a tier, as for /search (without stems). Suggested concepts carry `uri` and `prefLabel`; their `altLabels` and `related` are empty.',
    },
    (request) => context.concepts.suggest(request),
  );
}
