import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { clientsGone } from '../clientScope.js';
import { ClientGoneError, UpstreamTimeoutError, UpstreamUnavailableError } from '../errors.js';
import { decodedParts, linesInParts, type AnswerParts, type QueryMessage, type WorkerMessage } from './embeddedStoreWorker.js';
import { DataFileError, type LoadProgress } from './loadRdfFile.js';
import { OxigraphEngine, type AnswerFormat } from './OxigraphEngine.js';
import { sparqlJsonRows } from './readSparqlJson.js';
import { inTurns } from '../Turns.js';
import { TsvRows } from './TsvRows.js';
import type { Bindings, SparqlStore } from './SparqlStore.js';

/** The compiled thread (`src/` and `dist/` both sit one level below the project). */
const WORKER = fileURLToPath(new URL('../../dist/store/embeddedStoreWorker.js', import.meta.url));

/**
 * An answer as text; from the store's thread, as the bytes of its parts (`embeddedStoreWorker.ts`):
 * SPARQL JSON results as their rows' arrays, text as whole lines, each decoded and read in a
 * turn of its own.
 */
type Answer = string | AnswerParts;

/** Where a query is answered: the store's own thread, or (without a build) this one. */
interface Answerer {
  /**
   * `first`: ahead of every query waiting (the readiness check's). `gone`: the query's
   * clients have all gone (clientScope.ts); one still waiting is then skipped, with a 499.
   */
  answer(query: string, format: AnswerFormat, timeoutMs: number | undefined, first?: boolean, gone?: AbortSignal): Promise<Answer>;
  close(): Promise<void>;
}

/**
 * An in-process Oxigraph store, loaded from RDF files at start: the zero-setup default.
 * It runs the very same queries as an HTTP store. Without graphs (SPARQL_GRAPH), queries see
 * every graph of the files (N-Quads and TriG may name several) as one default graph; with
 * them, only the merge of those graphs.
 *
 * Oxigraph answers synchronously, so the store lives on a thread of its own
 * (`embeddedStoreWorker.ts`): the load of a large file and a slow query take none of the
 * time of the thread that answers HTTP (`/health` answers throughout). Queries are answered
 * one at a time, in order, as text (SPARQL JSON, TSV or N-Triples) read here; they wait their
 * turn on this side, so that one whose time limit (SPARQL_TIMEOUT_MS, or its own) runs out
 * while it waits is a 504 and never reaches the thread. Oxigraph cannot be interrupted, so a
 * query that runs out while running is finished before the next. The readiness check goes
 * ahead of every query waiting. A query that Oxigraph rejects is a bug in this service, so it
 * rejects with a plain Error (500).
 */
export class EmbeddedStore implements SparqlStore {
  /** SPARQL_TIMEOUT_MS: the time limit of a SELECT that names none of its own. */
  timeoutMs: number | undefined;

  private constructor(
    private readonly answerer: Answerer,
    /** How many quads the store holds. */
    readonly quads: number,
  ) {}

  /**
   * Loads `files` in order, on the store's thread. Nothing is served from a store that failed
   * to load. What was odd but kept (IRIs that IRI validation refuses) goes to `warn`, one line
   * a file; `progress` hears how far the load got, a mebibyte at a time.
   * @throws DataFileError naming the first file that cannot be read or parsed.
   */
  static async load(
    files: readonly string[],
    graphs: readonly string[] = [],
    warn: (message: string) => void = () => {},
    progress: (step: LoadProgress) => void = () => {},
    format?: string,
  ): Promise<EmbeddedStore> {
    if (!existsSync(WORKER)) {
      const engine = new OxigraphEngine(graphs, format);
      await engine.load(files, warn, progress);
      return new EmbeddedStore({ answer: async (query, format) => engine.answer(query, format), close: async () => {} }, engine.quads);
    }
    const thread = await StoreThread.start(files, graphs, warn, progress, format);
    return new EmbeddedStore(thread, thread.quads);
  }

  readonly streams = false;

  async select(query: string, name?: string, timeoutMs?: number): Promise<Bindings[]> {
    // a request's query (not the label index's long reads below) follows its clients
    const answer = await this.answerer.answer(query, 'json', timeoutMs ?? this.timeoutMs, name === 'ping', clientsGone());
    if (typeof answer === 'string') return inTurns(sparqlJsonRows(JSON.parse(answer)));
    // a part parsed a turn, its rows read in slices: a long list never holds the thread
    const rows: Bindings[] = [];
    for (const part of decodedParts(answer)) {
      rows.push(...(await inTurns(sparqlJsonRows({ results: { bindings: JSON.parse(part) as unknown } }))));
      await nextTurn();
    }
    return rows;
  }

  /** The answer is written whole as TSV by Oxigraph (no term objects), then read row by row. */
  async selectRows(query: string, variables: readonly string[], take: (values: string[]) => void, timeoutMs?: number): Promise<number> {
    const tsv = TsvRows.of(variables, take);
    await pushInSlices(await this.answerer.answer(query, 'tsv', timeoutMs), tsv);
    tsv.end();
    return tsv.rows;
  }

  /** The answer is written whole as N-Triples by Oxigraph (no term objects), then handed on a slice at a time. */
  async constructText(query: string, take: (text: string) => void | Promise<void>, timeoutMs?: number): Promise<void> {
    await pushInSlices(await this.answerer.answer(query, 'ntriples', timeoutMs), { push: take });
  }

  close(): Promise<void> {
    return this.answerer.close();
  }
}

/** A turn for what waits (a `/health` probe, a keystroke) between two parts of an answer. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Hands a text answer to `reader` a slice at a time (its parts, decoded one a turn, or slices of
 * a whole text), letting the event loop answer other requests between slices: a read of
 * 250,000 triples (the label index's part) is tens of MB, hundreds of ms of parsing, which must
 * not hold /health. Slices end after a line break, so each is whole lines but the reader's own
 * carry handles any cut.
 */
async function pushInSlices(answer: Answer, reader: { push(chunk: string): void | Promise<void> }): Promise<void> {
  for (const part of typeof answer === 'string' ? linesInParts(answer) : decodedParts(answer)) {
    await reader.push(part);
    await nextTurn();
  }
}

/** The embedded store's thread, seen from here: queries sent in order, answers matched by number. */
class StoreThread implements Answerer {
  private next = 0;
  private readonly waiting = new Map<number, { resolve: (text: Answer) => void; reject: (error: Error) => void }>();
  /** Queries waiting for the thread, in order; one whose asker has gone (timed out) is skipped. */
  private readonly queue: QueryMessage[] = [];
  /** Whether the thread is answering a query (one at a time is sent to it). */
  private busy = false;
  private stopped: Error | undefined;
  quads = 0;

  private constructor(private readonly worker: Worker) {}

  static start(
    files: readonly string[],
    graphs: readonly string[],
    warn: (message: string) => void,
    progress: (step: LoadProgress) => void,
    format: string | undefined,
  ): Promise<StoreThread> {
    const thread = new StoreThread(new Worker(WORKER, { workerData: { files: [...files], graphs: [...graphs], format } }));
    return new Promise((resolve, reject) => {
      thread.worker.on('message', (message: WorkerMessage) => {
        if (message.kind === 'answer' || message.kind === 'error') {
          const waiting = thread.settle(message.id);
          if (message.kind === 'answer') waiting?.resolve(message.text);
          else waiting?.reject(new Error(message.message));
          thread.busy = false;
          thread.sendNext();
        } else if (message.kind === 'progress') progress(message);
        else if (message.kind === 'warn') warn(message.message);
        else if (message.kind === 'loaded') {
          thread.quads = message.quads;
          thread.worker.unref(); // an idle store keeps no process alive; a query waiting does (`answer`)
          resolve(thread);
        } else {
          void thread.worker.terminate();
          reject(message.name === 'DataFileError' ? new DataFileError(message.message) : new Error(message.message));
        }
      });
      thread.worker.on('error', (error) => thread.stop(error, reject));
      thread.worker.on('exit', (code) => thread.stop(new Error(`the embedded store's thread stopped (exit status ${code})`), reject));
    });
  }

  answer(query: string, format: AnswerFormat, timeoutMs: number | undefined, first = false, gone?: AbortSignal): Promise<Answer> {
    if (this.stopped !== undefined) return Promise.reject(new UpstreamUnavailableError('(embedded) has stopped'));
    if (gone?.aborted === true) return Promise.reject(new ClientGoneError());
    const id = this.next++;
    return new Promise<Answer>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const done = (): void => {
        clearTimeout(timer);
        gone?.removeEventListener('abort', left);
      };
      // still waiting: it is skipped; running: the thread finishes it (Oxigraph cannot be interrupted), and its answer is dropped
      const drop = (error: Error): void => {
        done();
        if (this.settle(id) !== undefined) reject(error);
      };
      const left = (): void => drop(new ClientGoneError());
      if (timeoutMs !== undefined) timer = setTimeout(() => drop(new UpstreamTimeoutError(timeoutMs)), timeoutMs);
      gone?.addEventListener('abort', left, { once: true });
      this.waiting.set(id, {
        resolve: (text) => (done(), resolve(text)),
        reject: (error) => (done(), reject(error)),
      });
      this.worker.ref();
      const message: QueryMessage = { id, query, format };
      if (first) this.queue.unshift(message);
      else this.queue.push(message);
      this.sendNext();
    });
  }

  /** Sends the thread the next query still wanted, when it is not answering one. */
  private sendNext(): void {
    while (!this.busy && this.stopped === undefined) {
      const message = this.queue.shift();
      if (message === undefined) return;
      if (!this.waiting.has(message.id)) continue; // its time ran out while it waited
      this.busy = true;
      this.worker.postMessage(message);
    }
  }

  private settle(id: number): { resolve: (text: Answer) => void; reject: (error: Error) => void } | undefined {
    const waiting = this.waiting.get(id);
    this.waiting.delete(id);
    if (this.waiting.size === 0) this.worker.unref();
    return waiting;
  }

  /** The thread is gone: every query waiting fails, and so does every later one. */
  private stop(error: Error, rejectStart: (error: Error) => void): void {
    if (this.stopped !== undefined) return;
    this.stopped = error;
    rejectStart(error);
    for (const { reject } of this.waiting.values()) reject(new UpstreamUnavailableError('(embedded) has stopped', { cause: error }));
    this.waiting.clear();
    this.queue.length = 0;
  }

  async close(): Promise<void> {
    this.stopped ??= new Error('closed');
    await this.worker.terminate();
  }
}
