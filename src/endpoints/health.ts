import type { RequestHandler } from 'express';
import type { Lookup } from '../lookup/Lookup.js';
import { HttpError, UpstreamUnavailableError, sendError } from '../errors.js';

/** How long a successful store check counts for /ready. */
const READY_FOR_MS = 5000;

function sendStatus(res: Parameters<RequestHandler>[1], body: object): void {
  res.status(200).set('Cache-Control', 'no-store').type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/** GET /health: the process is up and answering. Never asks the store. */
export function healthHandler(): RequestHandler {
  return (_req, res) => sendStatus(res, { status: 'ok' });
}

/**
 * GET /ready: 200 when the store answered a cheap query within the last 5 s (asking it
 * now if not) and the label index is in, with what the index holds (concepts, labels by
 * language, the ten largest, schemes, deprecated, refused IRIs, build time, peak memory),
 * else 503 saying why (the data files loading, the
 * label index being read and how far it got, the store not answering). Load balancers send
 * traffic only to ready replicas.
 */
export function readyHandler(concepts: Lookup): RequestHandler {
  let okUntil = 0;
  return async (_req, res) => {
    // the store first: while the embedded store loads its files, that is what /ready says (how far the parse got)
    if (Date.now() >= okUntil) {
      try {
        await concepts.ping();
        okUntil = Date.now() + READY_FOR_MS;
      } catch (error) {
        const reason = error instanceof HttpError ? error : new UpstreamUnavailableError('cannot be reached');
        sendError(res, 503, `not ready: ${reason.message}`, { 'Retry-After': reason.headers['Retry-After'] ?? '5' });
        return;
      }
    }
    const pending = concepts.pending;
    const snapshot = concepts.snapshotProblem;
    if (pending !== undefined) {
      sendError(res, 503, `not ready: ${pending}${snapshot === undefined ? '' : `; ${snapshot}`}`, { 'Retry-After': '5' });
      return;
    }
    const report = concepts.indexReport;
    const degraded = concepts.degraded ?? concepts.rebuildFailure;
    sendStatus(res, {
      status: 'ready',
      ...(report === undefined
        ? {}
        : { labelIndex: { ...report, labelsByLanguage: Object.fromEntries(report.labelsByLanguage.slice(0, 10)) } }),
      // monitoring reads it: the service answers, slower, and someone should look
      ...(degraded === undefined ? {} : { degraded }),
      // the snapshot that could not be used, set aside: someone may want to know why
      ...(snapshot === undefined ? {} : { snapshot }),
    });
  };
}
