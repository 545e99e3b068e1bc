import { clientsGone } from '../clientScope.js';
import { ClientGoneError, OverloadedError, UpstreamTimeoutError } from '../errors.js';
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
 * gets its turn is given what is left of it. A query whose clients have all gone (clientScope.ts)
 * leaves the queue at once, and is never asked.
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

  override admits(): boolean {
    return this.active < this.maxConcurrency || this.waiting.length < this.queueLimit;
  }

  /** Queries in flight and waiting, for logs and metrics. */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  override async select(query: string, name?: string, timeoutMs?: number): Promise<Bindings[]> {
    if (name === PING) return this.inner.select(query, name, timeoutMs);
    const budget = Math.min(timeoutMs ?? Infinity, this.timeoutMs);
    const asked = Date.now();
    const gone = clientsGone();
    if (haveLeft(gone)) throw new ClientGoneError();
    if (this.active >= this.maxConcurrency) {
      if (this.waiting.length >= this.queueLimit) throw new OverloadedError();
      await this.turn(budget, gone);
    } else {
      this.active++;
    }
    let cutOff = false;
    try {
      if (haveLeft(gone)) throw new ClientGoneError(); // while it waited for its turn
      const rest = budget - (Date.now() - asked);
      return await this.inner.select(query, name, Number.isFinite(rest) ? Math.max(1, rest) : timeoutMs);
    } catch (error) {
      cutOff = error instanceof ClientGoneError;
      throw error;
    } finally {
      // clients leave together (a page closed, a batch given up): a slot their leaving freed
      // passes on once the others' leaving has been heard, so that it goes to one still waiting
      if (cutOff) setImmediate(() => this.passOn());
      else this.passOn();
    }
  }

  /** The slot passes on to the first waiting (`active` stays the same), or is freed. */
  private passOn(): void {
    const next = this.waiting.shift();
    if (next === undefined) this.active--;
    else next();
  }

  /**
   * Waits for a slot to be passed on, at most `budget` ms; past it, leaves the queue with a
   * 504; when `gone` aborts first (its clients have gone), leaves it with a 499.
   */
  private turn(budget: number, gone: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const leave = (error: Error): void => {
        const at = this.waiting.indexOf(take);
        if (at !== -1) this.waiting.splice(at, 1);
        clearTimeout(timer);
        reject(error);
      };
      const left = (): void => leave(new ClientGoneError());
      const take = (): void => {
        clearTimeout(timer);
        gone?.removeEventListener('abort', left);
        resolve();
      };
      this.waiting.push(take);
      gone?.addEventListener('abort', left, { once: true });
      if (Number.isFinite(budget)) timer = setTimeout(() => leave(new UpstreamTimeoutError(budget)), budget);
    });
  }

  // Long reads (the label index, one at a time) pass straight through (ForwardingStore): they
  // neither wait for a request's place nor count towards the breaker.
}

/** Whether the clients a query is for have all gone. */
function haveLeft(gone: AbortSignal | undefined): boolean {
  return gone?.aborted === true;
}
