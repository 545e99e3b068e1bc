/**
 * The `size` distinct concepts with the smallest keys offered so far, and so the bar a new
 * key must pass to be among them: a query that can bound a label's best key before scoring
 * it skips the labels that cannot pass. A concept's key only falls (IndexScan.offer keeps
 * the smallest), so the concepts kept are always the best `size` of those offered.
 */
export class TopKeys {
  private readonly concepts: number[] = [];
  private readonly keys: number[] = [];

  constructor(private readonly size: number) {}

  /** The largest key kept once `size` concepts are; Infinity before. A key above it cannot enter. */
  get bar(): number {
    return this.concepts.length < this.size ? Infinity : (this.keys[this.keys.length - 1] as number);
  }

  offer(concept: number, key: number): void {
    if (this.size <= 0 || key >= this.bar) return;
    let at = this.concepts.indexOf(concept);
    if (at >= 0) {
      if (key >= (this.keys[at] as number)) return;
      this.concepts.splice(at, 1);
      this.keys.splice(at, 1);
    } else if (this.concepts.length === this.size) {
      this.concepts.pop();
      this.keys.pop();
    }
    at = this.keys.findIndex((kept) => kept > key);
    if (at < 0) at = this.keys.length;
    this.concepts.splice(at, 0, concept);
    this.keys.splice(at, 0, key);
  }
}
