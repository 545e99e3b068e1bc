import { HttpError, IndexLoadingError, UpstreamTimeoutError } from '../errors.js';

/** How long a keystroke may wait for the store while the label index is built. */
const BUDGET_MS = 800;
/** After the store took longer than that, how long keystrokes are answered 503 at once. */
const COOLDOWN_MS = 10_000;

/** How far the first build of the label index got. */
export interface Loading {
  /** For the message: `1200000 of 15000000 triples read (8%) in 60 s`. */
  progress: string;
  /** The build's estimate of the seconds it still needs. */
  secondsLeft: number;
}

/**
 * Keeps /search and /suggest polite while the label index is being built: each asks the
 * store's own queries with a budget of its own (800 ms), one at a time, so that a keystroke
 * is answered within a second and a client typing never takes more than one of the store's
 * query slots from the build. Past the budget, or while another asks, the answer is a 503
 * with `Retry-After` and the build's progress; after a budget ran out, the store is not
 * asked for 10 s (on a large vocabulary the store's regular expressions take seconds, and
 * asking again would only slow the build).
 */
export class LoadingGate {
  private asking = false;
  private closedUntil = 0;

  constructor(
    private readonly budgetMs = BUDGET_MS,
    private readonly cooldownMs = COOLDOWN_MS,
  ) {}

  /** Runs `ask` with the budget as its time limit (ms), or refuses at once. Rejects with IndexLoadingError, or as `ask` does. */
  async run<T>(loading: Loading, ask: (timeoutMs: number) => Promise<T>): Promise<T> {
    const refuse = (): IndexLoadingError => new IndexLoadingError(loading.progress, Math.max(1, Math.min(60, Math.round(loading.secondsLeft))));
    if (this.asking || Date.now() < this.closedUntil) throw refuse();
    this.asking = true;
    try {
      return await ask(this.budgetMs);
    } catch (error) {
      if (error instanceof UpstreamTimeoutError || (error instanceof HttpError && error.status === 503)) {
        this.closedUntil = Date.now() + this.cooldownMs;
        throw refuse();
      }
      throw error;
    } finally {
      this.asking = false;
    }
  }
}
