import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** A rendered 200 body and its ETag. */
export interface RenderedBody {
  body: string;
  etag: string;
}

/** Renders a body once, computing its strong ETag from its bytes. */
export function rendered(value: unknown): RenderedBody {
  const body = JSON.stringify(value);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/**
 * The result cache in front of the store: rendered bodies keyed on the normalised request,
 * kept for a TTL in an LRU of `maxEntries`. Identical requests in flight at once share one
 * render (and so one round of store queries), with the cache on or off. Failures are not
 * kept: the next request tries the store again.
 */
export class ResponseCache {
  private readonly lru: LRUCache<string, RenderedBody, () => Promise<RenderedBody>> | undefined;
  private readonly inFlight = new Map<string, Promise<RenderedBody>>();

  /** `maxEntries` 0 keeps nothing, but still shares work between identical requests in flight. */
  constructor(maxEntries: number, ttlSeconds: number) {
    this.lru =
      maxEntries === 0
        ? undefined
        : new LRUCache({
            max: maxEntries,
            ttl: ttlSeconds * 1000,
            fetchMethod: (_key, _stale, { context }) => context(),
          });
  }

  async get(key: string, render: () => Promise<RenderedBody>): Promise<RenderedBody> {
    if (this.lru !== undefined) return (await this.lru.fetch(key, { context: render })) as RenderedBody;
    let pending = this.inFlight.get(key);
    if (pending === undefined) {
      pending = render().finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }
}
