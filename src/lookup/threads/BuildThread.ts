import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { LabelIndex, type SharedLevels } from '../../index/LabelIndex.js';
import { LabelIndexBuilder } from '../../index/LabelIndexBuilder.js';
import type { BuildReport } from '../../index/BuildReport.js';
import type { LabelIndexData } from '../../index/LabelIndexData.js';
import { LAYOUT_THREAD_LIMITS, layOut } from '../../index/layOut.js';
import { TripleFeed, type FedAnswer, type Feeds } from './TripleFeed.js';

/** The compiled thread (`src/` and `dist/` both sit one level below the project). */
const WORKER = fileURLToPath(new URL('../../../dist/lookup/threads/buildWorker.js', import.meta.url));

/** What a builder is made with (LabelIndexBuilder's constructor). */
export interface BuildOptions {
  defaultLang: string;
  weights?: ReadonlyMap<string, number> | undefined;
  entailment: boolean;
}

/** What the build thread is sent: a piece of an answer's text, an answer's end, or the order to lay out. */
export type BuildMessage =
  | { kind: 'text'; answer: number; feeds: Feeds; text: string }
  | { kind: 'end'; answer: number }
  | { kind: 'everyConceptIn'; scheme: string }
  | { kind: 'layOut' };

/** What it sends back. */
export type BuildAnswer =
  | { kind: 'read'; answer: number; rows: number; characters: number }
  | { kind: 'ended'; answer: number; fed: FedAnswer }
  | { kind: 'laidOut'; data: LabelIndexData; report: BuildReport; levels: SharedLevels }
  | { kind: 'error'; message: string };

/** One answer read into the build: its text handed on piece by piece, then its end. */
export interface AnswerReader {
  /** Hands on a piece of the answer's text; resolves when the build has room for more. */
  push(text: string): void | Promise<void>;
  /** Whether any text was handed on. */
  readonly started: boolean;
  /** Ends the answer: what it brought, once the build has read it all. */
  end(): Promise<FedAnswer>;
}

/** Text posted and not yet read that makes the read wait: the build thread's backlog at most. */
const BACKLOG_CHARACTERS = 16 << 20;

/**
 * One label index build on a thread of its own: the store's answers are handed to it as text,
 * and it parses them, feeds its builder (folding every label: most of a build's CPU) and lays
 * the index out in shared memory. The thread that answers HTTP only moves text, so /health
 * answers within milliseconds throughout a build of millions of triples. Where the compiled
 * thread is missing (the sources run without a build), the same happens here.
 */
export class BuildThread {
  private readonly worker: Worker | undefined;
  private readonly builder: LabelIndexBuilder | undefined;
  private nextAnswer = 0;
  private backlog = 0;
  private failure: Error | undefined;
  private readonly answers = new Map<number, { rows: (rows: number) => void; ended?: (fed: FedAnswer) => void }>();
  /** Called on each change: a read waiting for room, an end, the layout. */
  private readonly waiting = new Set<{ check: () => boolean; reject: (error: Error) => void }>();
  private laidOut: ((answer: Extract<BuildAnswer, { kind: 'laidOut' }>) => void) | undefined;

  constructor(options: BuildOptions) {
    if (!existsSync(WORKER)) {
      this.builder = new LabelIndexBuilder(options.defaultLang, options.weights, options.entailment);
      return;
    }
    this.worker = new Worker(WORKER, { workerData: options, resourceLimits: LAYOUT_THREAD_LIMITS });
    this.worker.on('message', (answer: BuildAnswer) => this.heard(answer));
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`the index build's thread stopped (exit status ${code})`)));
  }

  /**
   * A reader of one answer, whose triples are what `feeds` says; `rows` hears how many it has
   * brought so far, as the build reads them.
   */
  answer(feeds: Feeds, rows: (rows: number) => void): AnswerReader {
    if (this.builder !== undefined) return this.localAnswer(feeds, rows);
    const id = this.nextAnswer++;
    const state = { rows, started: false };
    this.answers.set(id, { rows });
    return {
      // each piece as it comes (a network chunk, or a slice of the embedded store's answer), so
      // that /ready's count follows the answer; a post costs tens of µs
      push: (text) => {
        if (text.length === 0) return;
        state.started = true;
        this.backlog += text.length;
        this.send({ kind: 'text', answer: id, feeds, text });
        if (this.backlog > BACKLOG_CHARACTERS) return this.until(() => this.backlog <= BACKLOG_CHARACTERS / 2);
      },
      get started() {
        return state.started;
      },
      end: async () => {
        let fed: FedAnswer | undefined;
        (this.answers.get(id) as { ended?: (fed: FedAnswer) => void }).ended = (answer) => (fed = answer);
        this.send({ kind: 'end', answer: id });
        await this.until(() => fed !== undefined);
        this.answers.delete(id);
        return fed as FedAnswer;
      },
    };
  }

  /**
   * Every concept typed so far is in `scheme` (skos:inScheme, where the store told so instead
   * of sending it: `soleScheme.rq`). Sent once every read has ended.
   */
  everyConceptIn(scheme: string): void {
    if (this.builder !== undefined) this.builder.everyTypedIn(scheme);
    else this.send({ kind: 'everyConceptIn', scheme });
  }

  /** Lays the index out, on the build's thread; the builder is gone after it. */
  async layOut(): Promise<{ index: LabelIndex; report: BuildReport }> {
    if (this.builder !== undefined) return layOut(this.builder);
    let answer: Extract<BuildAnswer, { kind: 'laidOut' }> | undefined;
    this.laidOut = (laidOut) => (answer = laidOut);
    this.send({ kind: 'layOut' });
    await this.until(() => answer !== undefined);
    const { data, report, levels } = answer as Extract<BuildAnswer, { kind: 'laidOut' }>;
    return { index: new LabelIndex(data, levels), report };
  }

  /** Stops the thread (after the layout, or when the build failed). */
  close(): void {
    this.failure ??= new Error('the index build was stopped');
    void this.worker?.terminate();
  }

  private localAnswer(feeds: Feeds, rows: (rows: number) => void): AnswerReader {
    const feed = new TripleFeed(this.builder as LabelIndexBuilder, feeds);
    let started = false;
    return {
      push: (text) => {
        started ||= text.length > 0;
        feed.push(text);
        rows(feed.fed.rows);
      },
      get started() {
        return started;
      },
      end: async () => feed.end(),
    };
  }

  private send(message: BuildMessage): void {
    if (this.failure !== undefined) throw this.failure;
    (this.worker as Worker).postMessage(message);
  }

  private heard(answer: BuildAnswer): void {
    if (answer.kind === 'read') {
      this.backlog -= answer.characters;
      this.answers.get(answer.answer)?.rows(answer.rows);
    } else if (answer.kind === 'ended') this.answers.get(answer.answer)?.ended?.(answer.fed);
    else if (answer.kind === 'laidOut') this.laidOut?.(answer);
    else return this.fail(new Error(answer.message));
    for (const waiter of this.waiting) if (waiter.check()) this.waiting.delete(waiter);
  }

  private fail(error: Error): void {
    if (this.failure !== undefined) return;
    this.failure = error;
    for (const waiter of this.waiting) waiter.reject(error);
    this.waiting.clear();
  }

  /** Resolves once `holds` is true, checked after each answer of the thread; rejects when the thread fails. */
  private until(holds: () => boolean): Promise<void> {
    if (holds()) return Promise.resolve();
    if (this.failure !== undefined) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting.add({ check: () => holds() && (resolve(), true), reject });
    });
  }
}
