import type { Bindings, SparqlStore } from './SparqlStore.js';

/** A store that passes everything on to `inner`: the base of the wrappers, which override what they change. */
export class ForwardingStore implements SparqlStore {
  constructor(protected readonly inner: SparqlStore) {}

  select(query: string, name?: string, timeoutMs?: number): Promise<Bindings[]> {
    return this.inner.select(query, name, timeoutMs);
  }

  admits(): boolean {
    return this.inner.admits?.() ?? true;
  }

  selectRows(
    query: string,
    variables: readonly string[],
    take: (values: string[]) => void,
    timeoutMs: number,
    name?: string,
  ): Promise<number> {
    return this.inner.selectRows(query, variables, take, timeoutMs, name);
  }

  constructText(query: string, take: (text: string) => void | Promise<void>, timeoutMs: number, name?: string): Promise<void> {
    return this.inner.constructText(query, take, timeoutMs, name);
  }

  get streams(): boolean {
    return this.inner.streams;
  }

  get largestAnswer(): number | undefined {
    return this.inner.largestAnswer;
  }

  get quads(): number | undefined {
    return this.inner.quads;
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
