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

  /**
   * Reads now (or, with `firstInSeconds`, that much later, in the background), then every
   * `refreshSeconds` in the background.
   */
  async start(firstInSeconds = 0): Promise<void> {
    if (firstInSeconds > 0) {
      this.timer = setTimeout(() => {
        void this.load();
        this.repeat();
      }, firstInSeconds * 1000);
      this.timer.unref();
      return;
    }
    await this.load();
    this.repeat();
  }

  stop(): void {
    clearTimeout(this.timer);
    clearInterval(this.timer);
  }

  private repeat(): void {
    this.timer = setInterval(() => void this.load(), this.refreshSeconds * 1000);
    this.timer.unref();
  }
}
