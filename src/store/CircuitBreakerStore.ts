import { HttpError, UpstreamUnavailableError } from '../errors.js';
import type { Bindings, SparqlStore } from './SparqlStore.js';

/**
 * Does not hammer a store that is down: after `threshold` queries in a row failed because
 * the store could not be reached or did not answer in time (503, 504), it refuses queries at
 * once with a 503 for `cooldownMs`; then it lets one query through, and the store's answer
 * to it closes the breaker again (or opens it for another cooldown). Errors the store
 * answers with (502) show it is up, and do not count.
 */
export class CircuitBreakerStore implements SparqlStore {
  private failures = 0;
  private openUntil = 0;
  private probing = false;

  constructor(
    private readonly inner: SparqlStore,
    private readonly threshold = 5,
    private readonly cooldownMs = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  get isOpen(): boolean {
    return this.failures >= this.threshold;
  }

  async select(query: string, name?: string): Promise<Bindings[]> {
    if (this.isOpen) {
      if (this.now() < this.openUntil || this.probing) {
        throw new UpstreamUnavailableError('is not answering; it is asked again in a moment');
      }
      this.probing = true;
    }
    try {
      const rows = await this.inner.select(query, name);
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

  close(): Promise<void> {
    return this.inner.close();
  }
}
