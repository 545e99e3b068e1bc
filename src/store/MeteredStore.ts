import type { Metrics } from '../metrics/Metrics.js';
import type { Bindings, SparqlStore } from './SparqlStore.js';

/** Times every query by its name, and counts the failed ones by kind (see Metrics). */
export class MeteredStore implements SparqlStore {
  constructor(
    private readonly inner: SparqlStore,
    private readonly metrics: Metrics,
  ) {}

  async select(query: string, name = 'unnamed'): Promise<Bindings[]> {
    const done = this.metrics.storeQuery(name);
    try {
      const rows = await this.inner.select(query, name);
      done();
      return rows;
    } catch (error) {
      done(error);
      throw error;
    }
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
