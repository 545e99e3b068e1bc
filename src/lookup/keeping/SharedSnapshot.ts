import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { Logger } from '../../log.js';
import { RankQuery } from '../../domain/ranking.js';
import { searchTerms, suggestTerms } from '../../domain/matchPatterns.js';
import { SNAPSHOT_FORMAT, readSnapshot, readSnapshotHeader, writeSnapshot } from '../../index/IndexSnapshot.js';
import type { LabelIndex } from '../../index/LabelIndex.js';
import { indexOf } from '../../index/layOut.js';
import { IndexScan } from '../memory/IndexScan.js';
import { searchInIndex } from '../memory/searchInIndex.js';
import { suggestInIndex } from '../memory/suggestInIndex.js';

/** An index read from the snapshot: what IndexBuilds calls a BuiltIndex, without a build's report. */
export interface SnapshotIndex {
  index: LabelIndex;
  /** The store's change stamp when it was built (undefined for the embedded store). */
  probe: string | undefined;
  /** When it was built (ms since the epoch). */
  built: number;
}

/** How long a replica's claim to build a change holds before another replica takes it over. */
export const CLAIM_MS = 15 * 60 * 1000;

/**
 * The label index snapshot at INDEX_SNAPSHOT, which replicas may share: read at start,
 * written after each build, and the claims by which the first replica to see a change builds
 * it while the others wait to read its build. What is read is checked whole (the file's
 * checksum, every length and offset, then a few searches on the index made of it); a file
 * that fails is named in the log and in `problem`, set aside beside the snapshot
 * (`index.bin.damaged-<time>`) so that no restart meets it again, and the index is built anew.
 */
export class SharedSnapshot {
  /** What happened to the last snapshot that could not serve, for /ready. */
  problem: string | undefined;
  /** The claim file this replica made for the build under way. */
  private claimed: string | undefined;

  constructor(
    private readonly path: string,
    private readonly fingerprint: string,
    private readonly log: Logger,
  ) {}

  /** The snapshot's index, if there is a snapshot, it matches and it is whole; logged either way. Never rejects. */
  async read(): Promise<SnapshotIndex | undefined> {
    const started = Date.now();
    const snapshot = await readSnapshot(this.path, this.fingerprint);
    if ('reason' in snapshot) {
      // what the next build would write over is kept beside it, for whoever wants to know what it was
      if (/^it is (damaged|not a label index snapshot)/.test(snapshot.reason)) await this.setAside(snapshot.reason);
      else this.log.info(`label index snapshot ${this.path} not used: ${snapshot.reason}`);
      return undefined;
    }
    let index: LabelIndex;
    try {
      index = await indexOf(snapshot.data);
      tryOut(index);
    } catch (error) {
      await this.setAside(`it is damaged: its index cannot be used (${error instanceof Error ? error.message : String(error)})`);
      return undefined;
    }
    const { concepts, labels } = index.stats;
    this.log.info(
      `label index: read from the snapshot ${this.path} (built ${snapshot.header.built}) in ${Date.now() - started} ms: ${concepts} concepts, ${labels} labels`,
    );
    return { index, probe: snapshot.header.probe, built: Date.parse(snapshot.header.built) };
  }

  /**
   * Another replica's build of the store in the state `probe` (its change stamp), if the
   * snapshot holds it and it is not the index in use (built at `inUse`); read in seconds
   * where a build takes minutes.
   */
  async readBuildOf(probe: string, inUse: number): Promise<SnapshotIndex | undefined> {
    const header = await readSnapshotHeader(this.path);
    if (header?.probe !== probe || header.fingerprint !== this.fingerprint || Date.parse(header.built) === inUse) return undefined;
    const shared = await this.read();
    return shared?.probe === probe ? shared : undefined;
  }

  /**
   * Claims the build of the store in the state `probe` for this replica: a file beside the
   * snapshot, made exclusively. False when another replica's claim on the same state is
   * younger than CLAIM_MS (one that died is taken over after that, and one of another state at
   * once). True, with no claim, when none can be made (a read-only folder): build, as alone.
   */
  async claim(probe: string): Promise<boolean> {
    const claim = `${this.path}.building`;
    const mine = JSON.stringify({ probe, pid: process.pid, at: Date.now() });
    for (let tries = 0; tries < 2; tries++) {
      try {
        await writeFile(claim, mine, { flag: 'wx' });
        this.claimed = claim;
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return true;
        const held = await readFile(claim, 'utf8').then(
          (text) => JSON.parse(text) as { probe?: unknown; at?: unknown },
          () => undefined,
        );
        if (held?.probe === probe && typeof held.at === 'number' && Date.now() - held.at < CLAIM_MS) return false;
        await rm(claim, { force: true });
      }
    }
    return true;
  }

  /** Lets this replica's claim go, if it holds one. */
  async release(): Promise<void> {
    const claim = this.claimed;
    this.claimed = undefined;
    if (claim !== undefined) await rm(claim, { force: true }).catch(() => {});
  }

  /** Writes `index` (built at `built`, ISO 8601, from the store in the state `probe`); a failure is logged, the index kept in use. */
  async write(index: LabelIndex, probe: string | undefined, built: string): Promise<void> {
    const started = Date.now();
    try {
      const bytes = await writeSnapshot(this.path, index.data, { format: SNAPSHOT_FORMAT, fingerprint: this.fingerprint, built, probe });
      this.log.info(`label index snapshot written to ${this.path} in ${Date.now() - started} ms (${Math.round(bytes / 2 ** 20)} MB)`);
    } catch (error) {
      this.log.warn(`cannot write the label index snapshot ${this.path}`, error);
    }
  }

  /** Names the damage, and moves the file out of the way of every later start (its own and other replicas'). */
  private async setAside(reason: string): Promise<void> {
    const aside = `${this.path}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    const moved = await rename(this.path, aside).then(
      () => true,
      () => false,
    );
    this.problem = `the snapshot ${this.path} could not be used: ${reason}; ${moved ? `set aside as ${aside}` : 'it could not be moved aside'}, and the index built anew`;
    this.log.warn(`label index: ${this.problem}`);
  }
}

/** A few searches on a freshly read index, so that an index that cannot answer is refused now rather than failing every request. */
function tryOut(index: LabelIndex): void {
  const scan = new IndexScan(index);
  for (const q of ['a', 'e', 'the']) {
    suggestInIndex(scan, new RankQuery('suggest', suggestTerms(q)), {}, '', { limit: 10, offset: 0 });
    searchInIndex(scan, new RankQuery('search', searchTerms(q)), q, {}, '', { limit: 10, offset: 0 });
  }
}
