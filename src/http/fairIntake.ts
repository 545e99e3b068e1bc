import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { SLICE_MS } from '../Turns.js';

/**
 * The order in which a crowd of requests is taken in on the thread that answers HTTP. A crowd
 * arriving at once (150 searches on one event-loop turn) was handled whole before anything
 * read after it, so a `/health` probe behind it waited for every one of them (100 ms warm,
 * 400 ms on a freshly started process). Now requests are handled as they come for one slice
 * of SLICE_MS; past it, the rest of the crowd waits in a queue taken in a slice a turn, so
 * that what arrives meanwhile is read between two slices. Probes (`isProbe`: `/health`,
 * `/ready`) are handled the moment they are read, whatever waits. Outside a crowd this
 * changes nothing: a request that finds no queue and its slice unspent is handled at once.
 */
export function fairIntake(handle: RequestListener, isProbe: (url: string) => boolean): RequestListener {
  const waiting: Array<[IncomingMessage, ServerResponse]> = [];
  let sliceStarted = 0;
  let sliceOpen = false;
  let draining = false;

  const drain = async (): Promise<void> => {
    draining = true;
    try {
      while (waiting.length > 0) {
        await nextTurn();
        const started = performance.now();
        while (waiting.length > 0 && performance.now() - started < SLICE_MS) {
          const [request, response] = waiting.shift() as [IncomingMessage, ServerResponse];
          try {
            handle(request, response);
          } catch {
            response.destroy(); // Express answers its own errors: this is only a last guard
          }
          await null; // the handler's first continuations run inside this slice
        }
      }
    } finally {
      draining = false;
    }
  };

  return (request, response) => {
    if (isProbe(request.url ?? '')) return handle(request, response);
    if (waiting.length === 0) {
      const now = performance.now();
      if (!sliceOpen) {
        sliceOpen = true;
        sliceStarted = now;
        setImmediate(() => (sliceOpen = false));
      }
      if (now - sliceStarted < SLICE_MS) return handle(request, response);
    }
    waiting.push([request, response]);
    if (!draining) void drain();
  };
}
