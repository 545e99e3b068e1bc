import type { Config } from '../Config.js';
import type { Lookup } from '../lookup/Lookup.js';
import type { ResponseCache } from '../http/ResponseCache.js';

/** What every endpoint handler works with. */
export interface EndpointContext {
  config: Config;
  concepts: Lookup;
  cache: ResponseCache;
}
