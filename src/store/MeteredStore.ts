import type { Metrics } from '../metrics/Metrics.js';
import { ForwardingStore } from './ForwardingStore.js';
import type { Bindings, SparqlStore } from './SparqlStore.js';

/** Times every query by its name, and counts the failed ones by kind (see Metrics). */
export class MeteredStore extends ForwardingStore {
  constructor(
    inner: SparqlStore,
    private readonly metrics: Metrics,
  ) {
    super(inner);
  }

  override select(query: string, name = 'unnamed', timeoutMs?: number): Promise<Bindings[]> {
    return this.timed(name, () => this.inner.select(query, name, timeoutMs));
  }

  override selectRows(
    query: string,
    variables: readonly string[],
    take: (values: string[]) => void,
    timeoutMs: number,
    name = 'unnamed',
  ): Promise<number> {
    return this.timed(name, () => this.inner.selectRows(query, variables, take, timeoutMs, name));
  }

  override constructText(query: string, take: (text: string) => void | Promise<void>, timeoutMs: number, name = 'unnamed'): Promise<void> {
    return this.timed(name, () => this.inner.constructText(query, take, timeoutMs, name));
  }

  private async timed<T>(name: string, run: () => Promise<T>): Promise<T> {
    const done = this.metrics.storeQuery(name);
    try {
      const result = await run();
      done();
      return result;
    } catch (error) {
      done(error);
      throw error;
    }
  }
}
