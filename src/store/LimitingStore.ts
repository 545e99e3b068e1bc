import { OverloadedError, UpstreamTimeoutError } from '../errors.js';
import { ForwardingStore } from './ForwardingStore.js';
import type { Bindings, SparqlStore } from './SparqlStore.js';

/** The query /ready sends: it never waits behind the others (its own time limit is short). */
const PING = 'ping';

/**
 * Protects the store from a crowd: at most `maxConcurrency` queries in flight, at most
 * `queueLimit` more waiting their turn (first come, first served); past that a query is
 * refused at once with OverloadedError (503, Retry-After), rather than piling up. Each query
 * has `timeoutMs` (SPARQL_TIMEOUT_MS, or its own) from when it was asked, its wait for a turn
 * included: one still waiting when it runs out is a 504 and leaves the queue, and one that
 * gets its turn is given what is left of it.
 */
export class LimitingStore extends ForwardingStore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    inner: SparqlStore,
    private readonly maxConcurrency: number,
    private readonly queueLimit: number,
    private readonly timeoutMs = Infinity,
  ) {
    super(inner);
  }

  /** Queries in flight and waiting, for logs and metrics. */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  override async select(query: string, name?: string, timeoutMs?: number): Promise<Bindings[]> {
    if (name === PING) return this.inner.select(query, name, timeoutMs);
    const budget = Math.min(timeoutMs ?? Infinity, this.timeoutMs);
    const asked = Date.now();
    if (this.active >= this.maxConcurrency) {
      if (this.waiting.length >= this.queueLimit) throw new OverloadedError();
      await this.turn(budget);
    } else {
      this.active++;
    }
    try {
      const left = budget - (Date.now() - asked);
      return await this.inner.select(query, name, Number.isFinite(left) ? Math.max(1, left) : timeoutMs);
    } finally {
      const next = this.waiting.shift();
      if (next === undefined) this.active--;
      else next(); // the slot passes on: `active` stays the same
    }
  }

  /** Waits for a slot to be passed on, at most `budget` ms; past it, leaves the queue with a 504. */
  private turn(budget: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const take = (): void => {
        clearTimeout(timer);
        resolve();
      };
      this.waiting.push(take);
      if (Number.isFinite(budget))
        timer = setTimeout(() => {
          const at = this.waiting.indexOf(take);
          if (at !== -1) this.waiting.splice(at, 1);
          reject(new UpstreamTimeoutError(budget));
        }, budget);
    });
  }

  // Long reads (the label index, one at a time) pass straight through (ForwardingStore): they
  // neither wait for a request's place nor count towards the breaker.
}
