import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../log.js';

/** A request id a client or proxy may hand us (`X-Request-Id`); anything else gets a fresh one. */
const GIVEN_ID = /^[\w.:-]{1,64}$/;

/**
 * One `info` line per request when its answer is done (`debug` for a probe that answered 200:
 * `/health`, `/ready`, `/metrics`, asked every few seconds, would bury the rest): `id` (also sent back as
 * `X-Request-Id`), `method`, `path`, `status`, `ms`, `cache` (`hit` or `miss`) where the
 * endpoint has a cache, and `ignored` where a reconciliation query gave properties the
 * service could not use (which, and why; never their values). The query string is not logged: what people search for is theirs,
 * and a library's patrons expect it to stay so.
 */
export function requestLog(
  log: Logger,
  /** The paths that load balancers, orchestrators and Prometheus ask every few seconds (the operational routes'). */
  operational: readonly string[],
): RequestHandler {
  const quiet = new Set(operational);
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const given = req.get('X-Request-Id');
    const id = given !== undefined && GIVEN_ID.test(given) ? given : randomUUID();
    res.locals.requestId = id;
    res.set('X-Request-Id', id);
    res.once('close', () => {
      const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100;
      const path = (req.originalUrl.split('?')[0] ?? '').slice(0, 200);
      const fields = {
        id,
        method: req.method,
        path,
        status: res.statusCode,
        ms,
        ...(res.locals.cache === undefined ? {} : { cache: res.locals.cache }),
        ...(res.locals.ignored === undefined ? {} : { ignored: res.locals.ignored }),
      };
      const message = res.writableFinished ? 'request' : 'request (client went away)';
      if (res.statusCode === 200 && quiet.has(path)) log.debug(message, fields);
      else log.info(message, fields);
    });
    next();
  };
}
