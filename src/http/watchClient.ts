import { setMaxListeners } from 'node:events';
import type { RequestHandler } from 'express';
import { forClients } from '../clientScope.js';

/**
 * Runs each request in a client scope (clientScope.ts) whose signal aborts when the client
 * closes its connection before its answer is written whole: the store queries made for it
 * then leave the queue, or are cut off, instead of keeping the store busy until their
 * deadline for an answer no one will read.
 */
export function watchClient(): RequestHandler {
  return (_req, res, next) => {
    const gone = new AbortController();
    // every store query made for the request listens on it (a reconciliation batch makes dozens)
    setMaxListeners(0, gone.signal);
    res.once('close', () => {
      if (!res.writableFinished) gone.abort();
    });
    forClients(gone.signal, next);
  };
}
