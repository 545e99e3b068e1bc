import { parentPort, workerData } from 'node:worker_threads';
import { OxigraphEngine, type AnswerFormat } from './OxigraphEngine.js';

// The embedded store's own thread (EmbeddedStore.ts): it loads the data files and answers
// queries one at a time, as text, so that neither a load of minutes nor a slow query holds
// the thread that answers HTTP requests.

/** What the embedded store's thread is sent: a query to answer. */
export interface QueryMessage {
  id: number;
  query: string;
  format: AnswerFormat;
}

/** What it sends back. */
export type WorkerMessage =
  | { kind: 'warn'; message: string }
  | { kind: 'progress'; file: number; done: number; total: number }
  | { kind: 'loaded'; quads: number }
  | { kind: 'failed'; name: string; message: string }
  | { kind: 'answer'; id: number; text: string | AnswerParts }
  | { kind: 'error'; id: number; message: string };

/**
 * An answer as the UTF-8 bytes of its parts, each ending at the offset `ends` gives: its buffer
 * is moved to the thread that answers HTTP, not copied. A message of strings is copied into
 * that thread's heap when it arrives, all at once: the 300,000 rows of a store-path list held
 * it for a tenth of a second; bytes arrive at once, and each part is decoded in its own turn.
 */
export interface AnswerParts {
  bytes: Uint8Array;
  ends: number[];
}

/** Rows of SPARQL JSON results a part (`inParts`): a few ms to parse on the thread that answers HTTP. */
const ROWS_A_PART = 2000;

/** Characters of a text answer (TSV, N-Triples) a part, cut after a line break: a few ms to read. */
const CHARACTERS_A_PART = 1 << 20;

/**
 * SPARQL JSON results as the JSON texts of their rows' arrays, ROWS_A_PART rows each: the
 * thread that answers HTTP then parses one part a turn, where a store-path list of 300,000
 * rows parsed whole held it for a second. The rows are cut where they end, found by a scan
 * that follows strings and braces, not by parsing them here (that held a copy of every row
 * as objects on this thread: hundreds of MB for such a list). Text that is not SELECT results
 * as Oxigraph writes them is sent whole, to be parsed whole.
 */
export function inParts(text: string): string[] | undefined {
  const start = text.indexOf('"bindings":[');
  if (start < 0) return undefined;
  const parts: string[] = [];
  let depth = 0;
  let inString = false;
  let rows = 0;
  let partStart = start + '"bindings":['.length;
  let at = partStart;
  for (; at < text.length; at++) {
    const c = text.charCodeAt(at);
    if (inString) {
      if (c === 0x5c)
        at++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b) depth++;
    else if (c === 0x7d) {
      if (--depth === 0 && ++rows === ROWS_A_PART) {
        parts.push(`[${text.slice(partStart, at + 1).replace(/^,/, '')}]`);
        partStart = at + 1;
        rows = 0;
      }
    } else if (c === 0x5d && depth === 0) break; // the end of the bindings
  }
  if (depth !== 0 || inString || at >= text.length) return undefined;
  const rest = text.slice(partStart, at).replace(/^,/, '');
  if (rest !== '') parts.push(`[${rest}]`);
  return parts;
}

/** A text answer in parts of about CHARACTERS_A_PART, each ending after a line break (or at the end). */
export function linesInParts(text: string): string[] {
  const parts: string[] = [];
  for (let start = 0; start < text.length;) {
    const cut = text.indexOf('\n', Math.min(text.length, start + CHARACTERS_A_PART));
    const end = cut < 0 ? text.length : cut + 1;
    parts.push(text.slice(start, end));
    start = end;
  }
  return parts;
}

/** `parts` as one buffer of their UTF-8 bytes, with where each ends. */
export function encodedParts(parts: readonly string[]): AnswerParts {
  const lengths = parts.map((part) => Buffer.byteLength(part));
  const bytes = new Uint8Array(lengths.reduce((sum, length) => sum + length, 0));
  const encoder = new TextEncoder();
  const ends: number[] = [];
  let at = 0;
  parts.forEach((part, i) => {
    encoder.encodeInto(part, bytes.subarray(at));
    at += lengths[i] as number;
    ends.push(at);
  });
  return { bytes, ends };
}

/** The parts of `answer`, each decoded only when it is taken. */
export function* decodedParts({ bytes, ends }: AnswerParts): Generator<string> {
  const decoder = new TextDecoder();
  let start = 0;
  for (const end of ends) {
    yield decoder.decode(bytes.subarray(start, end));
    start = end;
  }
}

const port = parentPort;
if (port !== null) {
  const { files, graphs, format } = workerData as { files: string[]; graphs: string[]; format: string | undefined };
  const engine = new OxigraphEngine(graphs, format);
  const send = (message: WorkerMessage): void => port.postMessage(message);
  engine
    .load(
      files,
      (message) => send({ kind: 'warn', message }),
      (step) => send({ kind: 'progress', ...step }),
    )
    .then(
      () => {
        send({ kind: 'loaded', quads: engine.quads });
        port.on('message', ({ id, query, format }: QueryMessage) => {
          try {
            const text = engine.answer(query, format);
            const parts = format === 'json' ? inParts(text) : linesInParts(text);
            if (parts === undefined) send({ kind: 'answer', id, text });
            else {
              const encoded = encodedParts(parts);
              port.postMessage({ kind: 'answer', id, text: encoded } satisfies WorkerMessage, [encoded.bytes.buffer as ArrayBuffer]);
            }
          } catch (error) {
            send({ kind: 'error', id, message: error instanceof Error ? error.message : String(error) });
          }
        });
      },
      (error: unknown) => send({ kind: 'failed', name: (error as Error).name, message: (error as Error).message }),
    );
}
