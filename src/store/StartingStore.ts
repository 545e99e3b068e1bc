import { UpstreamUnavailableError } from '../errors.js';
import type { Bindings, SparqlStore } from './SparqlStore.js';

/**
 * A store that is still being loaded (the embedded store reading its data files): until it
 * is, every query is refused at once with a 503 saying so, so that the service can listen,
 * answer /health and say on /ready what it is doing from its first second.
 */
export class StartingStore implements SparqlStore {
  private inner: SparqlStore | undefined;

  /** Settles when the store is loaded; rejects as the loading does. */
  readonly loaded: Promise<void>;

  constructor(
    loading: Promise<SparqlStore>,
    readonly streams: boolean,
    /** What it is doing, as /ready and the 503s say it (the load's progress). */
    private readonly doing: () => string,
  ) {
    this.loaded = loading.then((store) => void (this.inner = store));
    this.loaded.catch(() => {}); // the caller handles it through `loaded`
  }

  select(query: string, name?: string, timeoutMs?: number): Promise<Bindings[]> {
    return this.ready().select(query, name, timeoutMs);
  }

  admits(): boolean {
    return this.inner?.admits?.() ?? true;
  }

  selectRows(
    query: string,
    variables: readonly string[],
    take: (values: string[]) => void,
    timeoutMs: number,
    name?: string,
  ): Promise<number> {
    return this.ready().selectRows(query, variables, take, timeoutMs, name);
  }

  constructText(query: string, take: (text: string) => void | Promise<void>, timeoutMs: number, name?: string): Promise<void> {
    return this.ready().constructText(query, take, timeoutMs, name);
  }

  get quads(): number | undefined {
    return this.inner?.quads;
  }

  async close(): Promise<void> {
    await this.inner?.close();
  }

  private ready(): SparqlStore {
    if (this.inner === undefined) throw new UpstreamUnavailableError(`is ${this.doing()}`);
    return this.inner;
  }
}
