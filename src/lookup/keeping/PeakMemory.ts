/**
 * Watches the process's resident memory from its creation until `stop`, every 200 ms: a
 * build's peak is what a machine must have room for, more than what stays after it.
 */
export class PeakMemory {
  private peak = process.memoryUsage.rss();
  private readonly timer: NodeJS.Timeout;

  constructor(everyMs = 200) {
    this.timer = setInterval(() => this.sample(), everyMs);
    this.timer.unref();
  }

  /** Stops watching; the peak in MiB. */
  stop(): number {
    clearInterval(this.timer);
    this.sample();
    return Math.round(this.peak / 2 ** 20);
  }

  private sample(): void {
    // the sampled peak, and the one the system kept (worker threads included; it never falls, so for a later build it may be an earlier one's)
    this.peak = Math.max(this.peak, process.memoryUsage.rss(), process.resourceUsage().maxRSS * 1024);
  }
}
