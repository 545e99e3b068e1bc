import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** A rendered 200 body and its ETag. */
export interface RenderedBody {
  body: string;
  etag: string;
}

/** What an entry costs beyond its strings (the LRU's own bookkeeping, roughly). */
const ENTRY_OVERHEAD = 200;

/** Renders a body once, computing its strong ETag from its bytes. */
export function rendered(value: unknown): RenderedBody {
  return renderedText(JSON.stringify(value));
}

/** A body of text as it is, with its strong ETag. */
export function renderedText(body: string): RenderedBody {
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/**
 * The result cache in front of the store: rendered bodies keyed on the normalised request,
 * kept for a TTL in an LRU of at most `maxEntries` entries and `maxBytes` bytes (keys and
 * bodies counted as UTF-16, as V8 may hold them; a body larger than the whole budget is
 * served but not kept). Identical requests in flight at once share one
 * render (and so one round of store queries), with the cache on or off. Failures are not
 * kept: the next request tries the store again.
 */
export class ResponseCache {
  private readonly lru: LRUCache<string, RenderedBody, () => Promise<RenderedBody>> | undefined;
  private readonly inFlight = new Map<string, Promise<RenderedBody>>();

  /** `maxEntries` 0 keeps nothing, but still shares work between identical requests in flight. */
  constructor(maxEntries: number, maxBytes: number, ttlSeconds: number) {
    this.lru =
      maxEntries === 0
        ? undefined
        : new LRUCache({
            max: maxEntries,
            maxSize: maxBytes,
            sizeCalculation: (value, key) => 2 * (key.length + value.body.length + value.etag.length) + ENTRY_OVERHEAD,
            ttl: ttlSeconds * 1000,
            fetchMethod: (_key, _stale, { context }) => context(),
          });
  }

  /** `key`'s answer when it is kept and fresh, at once (no promise): the fast path of a hit. */
  kept(key: string): RenderedBody | undefined {
    return this.lru?.get(key);
  }

  /** The bytes the kept answers take, by the count above. */
  get bytes(): number {
    return this.lru?.calculatedSize ?? 0;
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
