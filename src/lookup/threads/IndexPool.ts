import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { HttpError, OverloadedError } from '../../errors.js';
import type { LabelIndex } from '../../index/LabelIndex.js';
import type { LanguageOrder } from '../memory/browseInIndex.js';
import type { PoolAnswer, PoolMessage, PooledMethod } from './indexWorker.js';

/** The compiled thread (`src/` and `dist/` both sit one level below the project). */
const WORKER = fileURLToPath(new URL('../../../dist/lookup/threads/indexWorker.js', import.meta.url));

/** Calls waiting for a thread at most; past that a call is refused at once (503). */
const QUEUE_LIMIT = 1000;
/**
 * How long a call may take, its wait for a thread included: the heaviest legal call takes
 * well under a second at 2 million concepts, so one past this is a thread that hangs (a bug):
 * the call is a 503, and a thread still running it is stopped and replaced.
 */
export const CALL_DEADLINE_MS = 30_000;

interface Call {
  id: number;
  generation: number;
  method: PooledMethod;
  args: unknown[];
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  /** Fires at the call's deadline. */
  timer?: NodeJS.Timeout;
}

interface Thread {
  worker: Worker;
  /** The call it is answering, if any: one at a time, so that a free thread always takes the next. */
  call: Call | undefined;
}

interface Installed {
  message: Extract<PoolMessage, { kind: 'install' }>;
  /** The language orders installed with it (LanguageOrders.ts), for a thread started later. */
  orders: Map<string, Extract<PoolMessage, { kind: 'order' }>>;
  /** Calls waiting or running on it. */
  calls: number;
  retired: boolean;
}

/**
 * A pool of worker threads that answer queries over the label index: each thread reads the
 * same index in shared memory (`LabelIndex.shared`), so a thread costs its scratch space
 * (IndexScan: 5 bytes a concept) and its own heap, not a copy of the index. What costs time in proportion to
 * the data (a common word's /search, a misspelt name's candidates) runs there, never on the
 * thread that answers HTTP, and as many at once as there are threads.
 *
 * Calls wait in two queues, taken in order by the first free thread: type-ahead first (a
 * keystroke is waited for by a person, and costs microseconds), then the rest. Each index is
 * installed on every thread under a generation number; a call names the generation of the
 * state that took it, so a request finishes on the index it started with, and a retired
 * index is dropped from the threads once no call uses it.
 */
export class IndexPool {
  private readonly threads: Thread[] = [];
  private readonly light: Call[] = [];
  private readonly heavy: Call[] = [];
  private readonly installed = new Map<number, Installed>();
  private nextGeneration = 0;
  private nextId = 0;
  private closed = false;

  private constructor(
    size: number,
    /** How long a call may take (CALL_DEADLINE_MS unless a test says less). */
    public deadlineMs: number,
  ) {
    for (let i = 0; i < size; i++) this.threads.push(this.startThread());
  }

  /** A pool of `size` threads; undefined when `size` is 0 or the compiled thread is missing (the sources run without a build). */
  static create(size: number, deadlineMs = CALL_DEADLINE_MS): IndexPool | undefined {
    return size > 0 && existsSync(WORKER) ? new IndexPool(size, deadlineMs) : undefined;
  }

  get size(): number {
    return this.threads.length;
  }

  /** Whether a thread is free now: a call would start at once. */
  get idle(): boolean {
    return this.threads.some((thread) => thread.call === undefined) && this.light.length + this.heavy.length === 0;
  }

  /** Calls waiting for a thread, and threads busy (for /metrics). */
  get load(): { busy: number; waiting: number } {
    return { busy: this.threads.filter((thread) => thread.call !== undefined).length, waiting: this.light.length + this.heavy.length };
  }

  /** Installs `index` on every thread; returns its generation, for `call` and `retire`. */
  install(index: LabelIndex, defaultLang: string): number {
    const generation = this.nextGeneration++;
    const { data, levels } = index.shared;
    const message = { kind: 'install', generation, data, levels, defaultLang } as const;
    this.installed.set(generation, { message, orders: new Map(), calls: 0, retired: false });
    for (const thread of this.threads) thread.worker.postMessage(message);
    return generation;
  }

  /**
   * Installs a language's order of every concept (made on a thread of its own: LanguageOrders.ts)
   * with the index of `generation` on every thread, before any call sent after this; undefined drops it.
   */
  installOrder(generation: number, lang: string, order: LanguageOrder | undefined): void {
    const installed = this.installed.get(generation);
    if (installed === undefined) return;
    const message = { kind: 'order', generation, lang, order } as const;
    if (order === undefined) installed.orders.delete(lang);
    else installed.orders.set(lang, message);
    for (const thread of this.threads) thread.worker.postMessage(message);
  }

  /** The index of `generation` is no longer taken by new requests: dropped once its calls are answered. */
  retire(generation: number): void {
    const installed = this.installed.get(generation);
    if (installed === undefined) return;
    installed.retired = true;
    this.dropIfIdle(generation, installed);
  }

  /**
   * Runs `method` of the IndexFinder of `generation` on a free thread, with `args` (copied
   * there, the answer copied back). Type-ahead calls go before others.
   * @throws OverloadedError when QUEUE_LIMIT calls are waiting already.
   */
  call(generation: number, method: PooledMethod, args: unknown[]): Promise<unknown> {
    const installed = this.installed.get(generation);
    if (installed === undefined || this.closed) return Promise.reject(new Error(`label index ${generation} is not installed`));
    if (this.light.length + this.heavy.length >= QUEUE_LIMIT) return Promise.reject(new OverloadedError());
    return new Promise((resolve, reject) => {
      installed.calls++;
      const call: Call = { id: this.nextId++, generation, method, args, resolve, reject };
      call.timer = setTimeout(() => this.overdue(call), this.deadlineMs).unref();
      (method === 'suggest' ? this.light : this.heavy).push(call);
      this.dispatch();
    });
  }

  /** A call past its deadline: out of its queue, or its thread stopped (and replaced); a 503 either way. */
  private overdue(call: Call): void {
    const thread = this.threads.find((candidate) => candidate.call === call);
    for (const queue of [this.light, this.heavy]) {
      const at = queue.indexOf(call);
      if (at !== -1) queue.splice(at, 1);
    }
    if (thread !== undefined) {
      // replaced at once, so that no call is sent to it while it stops; its 'exit' finds nothing to do
      thread.call = undefined;
      this.threads[this.threads.indexOf(thread)] = this.startThread();
      void thread.worker.terminate();
      this.dispatch();
    }
    this.settle(call);
    call.reject(
      new HttpError(
        503,
        `a label index query did not finish within ${this.deadlineMs / 1000} s${thread === undefined ? ' (it waited for a thread all that time)' : '; its thread was stopped and replaced'}: try again`,
        { 'Retry-After': '1' },
      ),
    );
  }

  /** Stops every thread; calls waiting or running are refused. */
  async close(): Promise<void> {
    this.closed = true;
    const calls = [...this.light.splice(0), ...this.heavy.splice(0), ...this.threads.flatMap((thread) => thread.call ?? [])];
    for (const call of calls) {
      clearTimeout(call.timer);
      call.reject(new Error('the service is stopping'));
    }
    await Promise.all(this.threads.map((thread) => thread.worker.terminate()));
  }

  private dispatch(): void {
    for (const thread of this.threads) {
      if (thread.call !== undefined) continue;
      const call = this.light.shift() ?? this.heavy.shift();
      if (call === undefined) return;
      thread.call = call;
      thread.worker.ref();
      thread.worker.postMessage({
        kind: 'call',
        id: call.id,
        generation: call.generation,
        method: call.method,
        args: call.args,
      } satisfies PoolMessage);
    }
  }

  private answered(thread: Thread, answer: PoolAnswer): void {
    const call = thread.call;
    if (call === undefined || call.id !== answer.id) return;
    thread.call = undefined;
    thread.worker.unref(); // an idle pool keeps no process alive
    clearTimeout(call.timer);
    this.settle(call);
    if ('error' in answer) call.reject(new Error(answer.error));
    else call.resolve(answer.value);
    this.dispatch();
  }

  /** A call is done: its generation may be dropped. */
  private settle(call: Call): void {
    const installed = this.installed.get(call.generation);
    if (installed === undefined) return;
    installed.calls--;
    this.dropIfIdle(call.generation, installed);
  }

  private dropIfIdle(generation: number, installed: Installed): void {
    if (!installed.retired || installed.calls > 0) return;
    this.installed.delete(generation);
    for (const thread of this.threads) thread.worker.postMessage({ kind: 'drop', generation } satisfies PoolMessage);
  }

  private startThread(): Thread {
    // A bounded young generation: a query over a common word leaves megabytes of garbage, and
    // V8's default lets each thread's heap grow by some 65 MB under such queries at 2 million
    // concepts; with 4 MB, some 35 MB (10 of them the scratch space), with 16 MB some 55 MB.
    // 16 MB because a reconciled column makes garbage at every name: at 4 MB the thread
    // collected it often enough to cost 4% of a 10,000-cell column (21.4 against 22.3 s at
    // 2M); one thread's peak did not move (docs/benchmark-history.md, "Column, again").
    const thread: Thread = { worker: new Worker(WORKER, { resourceLimits: { maxYoungGenerationSizeMb: 16 } }), call: undefined };
    thread.worker.unref();
    for (const { message, orders } of this.installed.values()) {
      thread.worker.postMessage(message);
      for (const order of orders.values()) thread.worker.postMessage(order);
    }
    thread.worker.on('message', (answer: PoolAnswer) => this.answered(thread, answer));
    thread.worker.on('error', () => {}); // 'exit' follows
    thread.worker.on('exit', (code) => {
      if (this.closed) return;
      // a thread that died (out of memory, a bug) fails its call and is replaced
      const call = thread.call;
      thread.call = undefined;
      if (call !== undefined) {
        clearTimeout(call.timer);
        this.settle(call);
        call.reject(new Error(`a label index thread stopped (exit status ${code})`));
      }
      const at = this.threads.indexOf(thread);
      if (at >= 0) this.threads[at] = this.startThread();
      this.dispatch();
    });
    return thread;
  }
}
