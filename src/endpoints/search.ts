import type { Route } from '../http/Route.js';
import type { EndpointContext } from './EndpointContext.js';
import { findRoute } from './find.js';

/** `count` when the request gives none. */
const SEARCH_DEFAULT_COUNT = 20;

/** GET /search?q=...[&count&page&lang&scheme&fields]: concepts whose labels hold every query word, best first. */
export function searchRoute(context: EndpointContext): Route {
  return findRoute(
    'search',
    SEARCH_DEFAULT_COUNT,
    context,
    {
      summary: 'Concepts found by their labels, best first',
      description:
        "Every query word must equal a word of a label (prefLabel, altLabel or hiddenLabel), or share its Snowball stem in the label's language (`exoplanet` finds \"Exoplanets\"); a word ending in `*` matches as a prefix; case- and diacritics-insensitive, and `oe`, `ue`, `ae`, `aa` also find `ö`, `ü`, `ä`, `å`. A notation equal to `q` also matches. Rank tiers: a notation equals `q`, or a label equals the query word by word; a label starts with the query's words; every query word equals a word of the label; the rest (`*` prefixes). A label's filing form, without one leading article of its language (`The Sun` files as `sun`), counts as the label. Within a tier: labels that speak the display language (`lang`, else the default language) first; whole words before stems; prefLabel before alt and hidden labels; the concept's standing (concepts linked to it as narrower or related, README); the shorter label; the prefLabel; the URI. Deprecated concepts (owl:deprecated, dcterms:isReplacedBy) are never found.",
    },
    (request) => context.concepts.search(request),
  );
}
