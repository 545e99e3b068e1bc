import { createHash } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { LRUCache } from 'lru-cache';
import { clientsGone, forClients } from '../clientScope.js';

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
 *
 * Every answer belongs to a version of the vocabulary (`version`: the label index in use, or
 * the store's state as last read). When the version changes, everything kept is dropped, and
 * a render that started under the old version is served to those who asked for it but never
 * kept; each ETag carries its version, so a client's `If-None-Match` never confirms an
 * answer made from an older index. Renders under way live outside the LRU: evicting
 * entries never cuts one short for those waiting on it.
 */
export class ResponseCache {
  private readonly lru: LRUCache<string, RenderedBody> | undefined;
  /** Renders under way, by version and key. */
  private readonly inFlight = new Map<string, Flight>();
  /** The version whose answers the LRU holds. */
  private holds: string | undefined;

  /**
   * `maxEntries` 0 keeps nothing, but still shares work between identical requests in flight.
   * `version` names the vocabulary the answers are made from now.
   */
  constructor(
    maxEntries: number,
    maxBytes: number,
    ttlSeconds: number,
    private readonly version: () => string = () => '',
  ) {
    this.lru =
      maxEntries === 0
        ? undefined
        : new LRUCache({
            max: maxEntries,
            maxSize: maxBytes,
            sizeCalculation: (value, key) => 2 * (key.length + value.body.length + value.etag.length) + ENTRY_OVERHEAD,
            ttl: ttlSeconds * 1000,
          });
  }

  /** `key`'s answer when it is kept and fresh, at once (no promise): the fast path of a hit. */
  kept(key: string): RenderedBody | undefined {
    this.current();
    return this.lru?.get(key);
  }

  /** The bytes the kept answers take, by the count above. */
  get bytes(): number {
    return this.lru?.calculatedSize ?? 0;
  }

  /** `key`'s answer: kept, or being rendered, or rendered now by `render` (then kept, if the version is still the same). */
  get(key: string, render: () => Promise<RenderedBody>): Promise<RenderedBody> {
    const version = this.current();
    const kept = this.lru?.get(key);
    if (kept !== undefined) return Promise.resolve(kept);
    const id = `${version}\n${key}`;
    let flight = this.inFlight.get(id);
    if (flight === undefined) {
      const gone = new AbortController();
      setMaxListeners(0, gone.signal); // every store query of the render listens on it
      const answer = forClients(gone.signal, render)
        .then((rendered) => {
          const tagged = version === '' ? rendered : { body: rendered.body, etag: rendered.etag.replace(/^"/, `"${version}-`) };
          if (this.current() === version) this.lru?.set(key, tagged);
          return tagged;
        })
        .finally(() => this.inFlight.delete(id));
      flight = { answer, gone, clients: 0, forAll: false };
      this.inFlight.set(id, flight);
    }
    waitFor(flight, clientsGone());
    return flight.answer;
  }

  /** Renders under way now, for the metrics and tests. */
  get rendering(): number {
    return this.inFlight.size;
  }

  /** The version now; what was kept of another is dropped. */
  private current(): string {
    const version = this.version();
    if (version !== this.holds) {
      if (this.holds !== undefined) this.lru?.clear();
      this.holds = version;
    }
    return version;
  }
}

/** A render under way, and who waits for it: its store queries are cut off only when every client has gone. */
interface Flight {
  answer: Promise<RenderedBody>;
  /** Aborts when the last client waiting has gone (never while one without a client waits). */
  gone: AbortController;
  clients: number;
  /** Something that is no client (a warm-up, a test) waits for it: it is never cut off. */
  forAll: boolean;
}

/** Counts one more waiting for `flight`: a client until `gone` aborts, or, without a signal, someone who never leaves. */
function waitFor(flight: Flight, gone: AbortSignal | undefined): void {
  if (gone === undefined) {
    flight.forAll = true;
    return;
  }
  if (gone.aborted) return;
  flight.clients++;
  gone.addEventListener(
    'abort',
    () => {
      flight.clients--;
      if (flight.clients === 0 && !flight.forAll) flight.gone.abort();
    },
    { once: true },
  );
}
