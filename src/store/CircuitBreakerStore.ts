import { HttpError, UpstreamUnavailableError } from '../errors.js';
import { ForwardingStore } from './ForwardingStore.js';
import type { Bindings, SparqlStore } from './SparqlStore.js';

/**
 * Does not hammer a store that is down: after `threshold` queries in a row failed because
 * the store could not be reached or did not answer in time (503, 504), it refuses queries at
 * once with a 503 for `cooldownMs`; then it lets one query through, and the store's answer
 * to it closes the breaker again (or opens it for another cooldown). Errors the store
 * answers with (502) show it is up, and do not count.
 */
export class CircuitBreakerStore extends ForwardingStore {
  private failures = 0;
  private openUntil = 0;
  private probing = false;

  constructor(
    inner: SparqlStore,
    private readonly threshold = 5,
    private readonly cooldownMs = 1000,
    private readonly now: () => number = Date.now,
  ) {
    super(inner);
  }

  get isOpen(): boolean {
    return this.failures >= this.threshold;
  }

  override async select(query: string, name?: string, timeoutMs?: number): Promise<Bindings[]> {
    if (this.isOpen) {
      if (this.now() < this.openUntil || this.probing) {
        throw new UpstreamUnavailableError('is not answering; it is asked again in a moment');
      }
      this.probing = true;
    }
    try {
      const rows = await this.inner.select(query, name, timeoutMs);
      this.failures = 0;
      return rows;
    } catch (error) {
      if (error instanceof HttpError && (error.status === 503 || error.status === 504)) {
        this.failures++;
        if (this.isOpen) this.openUntil = this.now() + this.cooldownMs;
      } else {
        this.failures = 0;
      }
      throw error;
    } finally {
      this.probing = false;
    }
  }

  // Long reads (the label index, one at a time) pass straight through (ForwardingStore): they
  // neither wait for a request's place nor count towards the breaker.
}
