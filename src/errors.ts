import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from './log.js';

/**
 * An error with an HTTP status and a message that is safe to show to the client: it
 * names the parameter or value at fault and never carries SPARQL text, a stack or the
 * endpoint's address. Everything that is not an HttpError renders as a generic 500.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra response headers (`Allow`, `Retry-After`). */
    readonly headers: Readonly<Record<string, string>> = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** 400: a parameter is missing, empty, malformed or out of range. */
export class BadRequestError extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}

/** 404: no such path. */
export class NotFoundError extends HttpError {
  constructor(message: string) {
    super(404, message);
  }
}

/** 405: a method the path does not answer (`allowed`: GET, HEAD and OPTIONS unless said). */
export class MethodNotAllowedError extends HttpError {
  constructor(method: string, allowed = 'GET, HEAD, OPTIONS') {
    const names = allowed.split(', ');
    super(405, `method ${method} is not allowed; use ${names.slice(0, -1).join(', ')} or ${names.at(-1)}`, {
      Allow: allowed,
    });
  }
}

/** 502: the store answered with an error, or with something that is not SPARQL results. */
export class UpstreamError extends HttpError {
  constructor(detail: string, options?: ErrorOptions) {
    super(502, `the SPARQL store ${detail}`, {}, options);
  }
}

/** Seconds a client is asked to wait when the store cannot be reached. */
export const RETRY_AFTER_SECONDS = 5;

/** 503: the store cannot be reached (or the service sheds load). */
export class UpstreamUnavailableError extends HttpError {
  constructor(detail: string, options?: ErrorOptions) {
    super(503, `the SPARQL store ${detail}`, { 'Retry-After': String(RETRY_AFTER_SECONDS) }, options);
  }
}

/** 503: too many store queries are waiting already; the request is refused at once. */
export class OverloadedError extends HttpError {
  constructor() {
    super(503, 'the lookup service is at its limit of waiting store queries; try again shortly', { 'Retry-After': '1' });
  }
}

/**
 * 503: the process holds as many bytes of answers as it may for clients that do not read them
 * (http/outgoingBytes.ts); a new answer is refused until they read, or their connections are
 * closed for making no progress.
 */
export class SlowReadersError extends HttpError {
  constructor() {
    super(503, 'the lookup service holds as many unsent answers as it may for clients that do not read them; try again shortly', {
      'Retry-After': '5',
    });
  }
}

/** 503: as many answers that may run to megabytes (the `narrower` field) are being made and waiting as may be (http/heavyAnswers.ts). */
export class HeavyAnswersError extends HttpError {
  constructor() {
    super(503, "as many answers with the 'narrower' field are being made as the lookup service makes at once; try again shortly", {
      'Retry-After': '2',
    });
  }
}

/**
 * 503: the label index is still being built and the store could not answer in the short
 * time a keystroke may wait meanwhile (or is busy with another such answer). The message
 * says how far the build got; `Retry-After` is its estimate of the time left.
 */
export class IndexLoadingError extends HttpError {
  constructor(progress: string, retryAfterSeconds: number) {
    super(
      503,
      `the label index is being built (${progress}); until it is in, /search and /suggest answer from the store when it can answer at once: try again shortly`,
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }
}

/**
 * 503: a long browsing list was asked in another language than the index's own, and the
 * order of every concept in that language, by which it is paged, is being made on a thread
 * of its own (LanguageOrders.ts). `Retry-After` is the estimate of the time left.
 */
export class BrowseOrderPendingError extends HttpError {
  constructor(lang: string, concepts: number, retryAfterSeconds: number) {
    super(
      503,
      `a list this long is paged in "${lang}" by that language's order of the vocabulary's ${concepts.toLocaleString('en')} concepts, which is being made (one language at a time): try again in ${retryAfterSeconds} s`,
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }
}

/** 504: the store did not answer within SPARQL_TIMEOUT_MS. */
export class UpstreamTimeoutError extends HttpError {
  constructor(timeoutMs: number, options?: ErrorOptions) {
    super(504, `the SPARQL store did not answer within ${timeoutMs} ms`, {}, options);
  }
}

/** 504: the store stopped the query at its own time limit (Fuseki's --timeout, a store's query limit), before SPARQL_TIMEOUT_MS. */
export class UpstreamTimeLimitError extends HttpError {
  constructor(options?: ErrorOptions) {
    super(504, 'the SPARQL store stopped the query at its own time limit', {}, options);
  }
}

/**
 * 499 (as nginx logs it): every client the work was for closed its connection before the
 * answer, so the store query made for them was dropped or cut off. No one reads the answer;
 * the request log and the metrics do.
 */
export class ClientGoneError extends HttpError {
  constructor(options?: ErrorOptions) {
    super(499, 'the client closed its connection before the answer', {}, options);
  }
}

/** The JSON body of every response with a status >= 400. */
export interface ErrorBody {
  status: number;
  error: string;
  message: string;
}

/** Renders any status and message as the contract's error response. */
export function sendError(
  res: Parameters<RequestHandler>[1],
  status: number,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  const body: ErrorBody = { status, error: STATUS_CODES[status] ?? 'Error', message };
  res.status(status).set(headers).set('Cache-Control', 'no-store').type('application/json; charset=utf-8');
  res.removeHeader('ETag');
  res.send(JSON.stringify(body));
}

/**
 * The one place where errors become responses. HttpErrors show their own message; a
 * malformed request that Express itself rejects keeps its 4xx status; anything else is a
 * bug in this service: a 500 with a generic message, the cause going to the log only.
 */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof HttpError) {
      if (error.status >= 500) log.warn(`${req.method} ${req.path}: ${error.message}`, error.cause);
      sendError(res, error.status, error.message, error.headers);
      return;
    }
    const status = clientErrorStatus(error);
    if (status !== undefined) {
      // the body reader's own words (an encoding it cannot decode, a body too large): what the client must change
      const said = (error as { message?: unknown }).message;
      const detail = typeof said === 'string' && said !== '' && said !== STATUS_CODES[status] ? `: ${said.slice(0, 200)}` : '';
      sendError(res, status, `${(STATUS_CODES[status] ?? 'bad request').toLowerCase()}${detail}`);
      return;
    }
    log.error(`${req.method} ${req.path}: unexpected error`, error);
    sendError(res, 500, 'internal error in the lookup service');
  };
}

function clientErrorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { status?: unknown; expose?: unknown }).status;
  const expose = (error as { expose?: unknown }).expose;
  return typeof status === 'number' && status >= 400 && status < 500 && expose === true ? status : undefined;
}
