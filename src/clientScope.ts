import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who the work in progress is for: a signal that aborts when every client waiting for it has
 * gone (closed its connection before its answer). The HTTP layer sets it for each request
 * (`http/watchClient.ts`), the response cache for a render that several requests share, and
 * the store layer reads it: a store query for clients that have all gone leaves the queue, and
 * one under way is cut off (an HTTP store's request is aborted). Work outside any request (an
 * index build, a check of the store) has none and is never cut short so.
 */
const scope = new AsyncLocalStorage<AbortSignal>();

/** Runs `work` for the clients `gone` stands for. */
export function forClients<T>(gone: AbortSignal, work: () => T): T {
  return scope.run(gone, work);
}

/** Runs `work` for no client (background work begun while a request is answered). */
export function forNoClient<T>(work: () => T): T {
  return scope.exit(work);
}

/** The signal of the clients the work in progress is for; undefined outside any request. */
export function clientsGone(): AbortSignal | undefined {
  return scope.getStore();
}
