import type { EndpointContext } from '../endpoints/EndpointContext.js';
import type { Route } from '../http/Route.js';
import { skosmosConceptRoutes } from './skosmosConceptRoutes.js';
import { skosmosKit } from './skosmosKit.js';
import { skosmosSearchRoutes } from './skosmosSearchRoutes.js';
import { changeRoutes, skosmosVocabularyRoutes, vocabularyRoute } from './skosmosVocabularyRoutes.js';

/**
 * The Skosmos REST API (docs/skosmos.md), read-only, under /rest/v1: what Skosmos' clients
 * call (Dataverse, cocoda-sdk, Finna, NatLibFi's skosmos-client), in Skosmos' JSON shapes
 * (skosmosShapes.ts), answered by the same lookups as the native endpoints (the label index
 * where it is in; the same ranking, languages and limits). A vocabulary is a concept scheme
 * (SkosmosVocabularies.ts).
 */
export function skosmosRoutes(context: EndpointContext): Route[] {
  const kit = skosmosKit(context);
  return [
    ...skosmosVocabularyRoutes(context, kit),
    ...changeRoutes(context, kit),
    ...skosmosSearchRoutes(context, kit),
    ...skosmosConceptRoutes(context, kit),
    // last: `/rest/v1/:vocid/` would take `/rest/v1/data` and the other global paths (a trailing slash is optional)
    vocabularyRoute(context, kit),
  ];
}
