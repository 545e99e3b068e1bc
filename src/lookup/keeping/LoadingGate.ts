import { HttpError, IndexLoadingError, UpstreamTimeoutError } from '../../errors.js';

/** How long a keystroke may wait for the store while the label index is built. */
const BUDGET_MS = 800;
/**
 * Past this many triples to read, the store is not asked at all while the index is built:
 * its regular expressions over that many labels take seconds, and a store goes on computing
 * a query its client gave up on (Virtuoso does), so each keystroke would only take from the
 * build. Below it (some 100,000 concepts) the build takes a minute or less.
 */
const LARGE_TRIPLES = 1_000_000;

/** How far the first build of the label index got. */
export interface Loading {
  /** For the message: `1200000 of 15000000 triples read (8%) in 60 s`. */
  progress: string;
  /** The build's estimate of the seconds it still needs. */
  secondsLeft: number;
  /** The triples it reads in all, as counted so far. */
  expected: number;
  /** Whether every read was counted: `expected` is the whole read. Until then the build's size is unknown. */
  sized: boolean;
  /** When it started (ms since the epoch): a gate closed during an earlier build opens for a new one. */
  started: number;
}

/**
 * Keeps /search and /suggest polite while the label index is being built: each asks the
 * store's own queries with a budget of its own (800 ms), one at a time, so that a keystroke
 * is answered within a second and a client typing never takes more than one of the store's
 * query slots from the build. Past the budget, or while another asks, the answer is a 503
 * with `Retry-After` and the build's progress. Once a budget ran out, and from the start
 * for a vocabulary of more than a million triples, the store is not asked again until the
 * index is in: a store goes on computing what its client gave up on, and would only slow
 * the build. Until the build has counted what it reads (its first seconds), the store is not
 * asked either: a keystroke then could start a regular expression over ten million labels
 * that the store would go on computing for a minute of the build's time.
 */
export class LoadingGate {
  private asking = false;
  /** The build during which the store took too long: it is not asked again during it. */
  private closedFor: number | undefined;

  constructor(
    private readonly budgetMs = BUDGET_MS,
    private readonly largeTriples = LARGE_TRIPLES,
  ) {}

  /** Runs `ask` with the budget as its time limit (ms), or refuses at once. Rejects with IndexLoadingError, or as `ask` does. */
  async run<T>(loading: Loading, ask: (timeoutMs: number) => Promise<T>): Promise<T> {
    const refuse = (): IndexLoadingError =>
      new IndexLoadingError(loading.progress, Math.max(1, Math.min(60, Math.round(loading.secondsLeft))));
    if (this.asking || this.closedFor === loading.started || !loading.sized || loading.expected > this.largeTriples) throw refuse();
    this.asking = true;
    try {
      return await ask(this.budgetMs);
    } catch (error) {
      if (error instanceof UpstreamTimeoutError || (error instanceof HttpError && error.status === 503)) {
        this.closedFor = loading.started;
        throw refuse();
      }
      throw error;
    } finally {
      this.asking = false;
    }
  }
}
