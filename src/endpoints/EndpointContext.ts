import type { Config } from '../config.js';
import type { ConceptService } from '../concepts/ConceptService.js';
import type { ResponseCache } from '../http/ResponseCache.js';

/** What every endpoint handler works with. */
export interface EndpointContext {
  config: Config;
  concepts: ConceptService;
  cache: ResponseCache;
}
