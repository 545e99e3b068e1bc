import type { Phase } from '../lookup/keeping/Lifecycle.js';
import type { Lookup } from '../lookup/Lookup.js';
import { HttpError, UpstreamUnavailableError, sendError } from '../errors.js';
import { declare, type Route } from '../http/Route.js';
import { errorAnswers } from './answers.js';
import { LABEL_INDEX_REPORT } from './contractDescription.js';
import { OPERATIONS } from './tags.js';

/** How long a successful store check counts for /ready. */
const READY_FOR_MS = 5000;

/** The answers of a status route: a 200 of `{"status": value, ...more}`, and `errors`. */
function statusAnswers(value: string, errors: readonly string[], more: Record<string, object> = {}): Record<string, object> {
  return {
    '200': {
      description: 'Yes.',
      content: {
        'application/json': {
          schema: { type: 'object', required: ['status'], properties: { status: { const: value }, ...more }, additionalProperties: false },
        },
      },
    },
    ...errorAnswers(errors),
  };
}

/** GET /health: the process is up and answering. Never asks the store. */
export function healthRoute(): Route {
  return declare({
    path: '/health',
    operational: 'probe',
    tag: OPERATIONS,
    summary: 'Liveness',
    description: 'The process is up and answering. Never asks the store.',
    answers: statusAnswers('ok', []),
    cache: 'none',
    answer: () => ({ status: 'ok' }),
  });
}

/**
 * GET /ready: 200 when the store answered a cheap query within the last 5 s (asking it
 * now if not) and the label index is in, with what the index holds (concepts, labels by
 * language, the ten largest, schemes, deprecated, refused IRIs, build time, peak memory),
 * else 503 saying why (the data files loading, the label index being read and how far it
 * got, the store not answering, a vocabulary without concepts). Load balancers send traffic
 * only to ready replicas.
 */
export function readyRoute(concepts: Lookup): Route {
  let okUntil = 0;
  return declare({
    path: '/ready',
    operational: 'probe',
    tag: OPERATIONS,
    summary: 'Readiness',
    description: `The store answered a cheap query within the last ${READY_FOR_MS / 1000} s, and the label index is in (with what it holds, when it was built from the store). 503 while not, saying what is loading and how far it got, or what to change when the store holds labelled resources but no concept.`,
    answers: statusAnswers('ready', ['ServiceUnavailable'], {
      phase: {
        enum: ['answering from an index', 'rebuilding', 'answering from the store'] satisfies Phase[],
        description:
          "What answers: the label index; the label index while a newer one is built; or the store's queries (LABEL_INDEX=off, or a build failed). Every other phase of the lookup (starting, waiting for the store, building, failed) is a 503.",
      },
      labelIndex: LABEL_INDEX_REPORT,
      degraded: {
        type: 'string',
        description:
          "Present when the service answers, but not at full speed: the label index could not be built (why, and what to do); /search and /suggest answer from the store's queries until a build succeeds.",
      },
    }),
    cache: 'none',
    send: async (_input, _req, res) => {
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
      const { phase, notReady: pending, degraded: slower, behind } = concepts.lifecycle;
      const snapshot = concepts.snapshotProblem;
      if (pending !== undefined) {
        sendError(res, 503, `not ready: ${pending}${snapshot === undefined ? '' : `; ${snapshot}`}`, { 'Retry-After': '5' });
        return;
      }
      const report = concepts.indexReport;
      const degraded = slower ?? behind;
      const body = {
        status: 'ready',
        phase,
        ...(report === undefined
          ? {}
          : { labelIndex: { ...report, labelsByLanguage: Object.fromEntries(report.labelsByLanguage.slice(0, 10)) } }),
        // monitoring reads it: the service answers, slower, and someone should look
        ...(degraded === undefined ? {} : { degraded }),
        // the snapshot that could not be used, set aside: someone may want to know why
        ...(snapshot === undefined ? {} : { snapshot }),
      };
      res.status(200).set('Cache-Control', 'no-store').type('application/json; charset=utf-8').send(JSON.stringify(body));
    },
  });
}
