import { OverloadedError } from '../errors.js';
import { ForwardingStore } from './ForwardingStore.js';
import type { Bindings, SparqlStore } from './SparqlStore.js';

/**
 * Protects the store from a crowd: at most `maxConcurrency` queries in flight, at most
 * `queueLimit` more waiting their turn (first come, first served); past that a query is
 * refused at once with OverloadedError (503, Retry-After), rather than piling up.
 */
export class LimitingStore extends ForwardingStore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    inner: SparqlStore,
    private readonly maxConcurrency: number,
    private readonly queueLimit: number,
  ) {
    super(inner);
  }

  /** Queries in flight and waiting, for logs and metrics. */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  override async select(query: string, name?: string, timeoutMs?: number): Promise<Bindings[]> {
    if (this.active >= this.maxConcurrency) {
      if (this.waiting.length >= this.queueLimit) throw new OverloadedError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await this.inner.select(query, name, timeoutMs);
    } finally {
      const next = this.waiting.shift();
      if (next === undefined) this.active--;
      else next(); // the slot passes on: `active` stays the same
    }
  }

  // Long reads (the label index, one at a time) pass straight through (ForwardingStore): they
  // neither wait for a request's place nor count towards the breaker.
}
