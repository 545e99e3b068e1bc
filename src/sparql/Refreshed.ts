import type { Logger } from '../log.js';
import type { SparqlStore } from '../store/SparqlStore.js';
import type { QueryCatalog } from './QueryCatalog.js';

/** Something read from the store at start and again every `refreshSeconds`, until `stop`. */
export abstract class Refreshed {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    protected readonly store: SparqlStore,
    protected readonly queries: QueryCatalog,
    private readonly refreshSeconds: number,
    protected readonly log: Logger,
  ) {}

  /** Reads once; must not reject (a failure is logged and keeps what was read before). */
  abstract load(): Promise<void>;

  /** Reads now, then every `refreshSeconds` in the background. */
  async start(): Promise<void> {
    await this.load();
    this.timer = setInterval(() => void this.load(), this.refreshSeconds * 1000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
