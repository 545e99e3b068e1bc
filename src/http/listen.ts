import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Express } from 'express';
import { STATUS_CODES } from 'node:http';
import type { ErrorBody } from '../errors.js';
import { fairIntake } from './fairIntake.js';
import { HEADERS_TIMEOUT_MS, HEADER_BYTES, REQUEST_TIMEOUT_MS } from './limits.js';

/** The most connections by default, whatever the descriptor limit allows. */
const DEFAULT_MAX_CONNECTIONS = 10_000;
/** Descriptors kept for what is not a client's connection: the store's, files, threads. */
const RESERVED_DESCRIPTORS = 100;

export interface ListenOptions {
  /** MAX_CONNECTIONS: 0 for the process' descriptor limit less RESERVED_DESCRIPTORS, at most DEFAULT_MAX_CONNECTIONS. */
  maxConnections?: number | undefined;
  /** Told, at most once every 10 s, how many connections were refused at the cap since it last told. */
  refused?: ((count: number, cap: number) => void) | undefined;
  /** The paths (with their base path) answered the moment they are read, whatever crowd waits: the probes. */
  probes?: readonly string[] | undefined;
}

/**
 * Starts `app` on `port` and `host`. Requests that Node's HTTP parser itself refuses
 * (a raw non-ASCII byte in the URL, headers too large) get the contract's JSON error body
 * too, instead of Node's bare status line; so does CONNECT, which Node hands to no route.
 * Connections are bounded: at most `maxConnections` open at once (past it, new ones are
 * closed at once, and `refused` hears of it), HEADERS_TIMEOUT_MS to send the headers and
 * REQUEST_TIMEOUT_MS the whole request, checked every second; so half-sent requests cannot take every descriptor.
 */
export function listen(app: Express, port: number, host: string, options: ListenOptions = {}): Promise<Server> {
  const server = createServer(
    {
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      maxHeaderSize: HEADER_BYTES,
      connectionsCheckingInterval: 1000,
    },
    fairIntake(app, isProbe(options.probes ?? [])),
  );
  server.maxConnections = connectionCap(options.maxConnections ?? 0);
  // the first refusal is told at once, the rest 10 s later in one line (and so on while it goes on)
  let dropped = 0;
  let timer: NodeJS.Timeout | undefined;
  const tell = (): void => {
    timer = undefined;
    if (dropped === 0) return;
    options.refused?.(dropped, server.maxConnections);
    dropped = 0;
    timer = setTimeout(tell, 10_000).unref();
  };
  server.on('drop', () => {
    dropped++;
    if (timer === undefined) tell();
  });
  server.on('close', () => clearTimeout(timer));
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const status =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : error.code === 'HPE_URI_TOO_LONG'
          ? 414
          : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? 408
            : 400;
    if (status === 408) {
      endWithError(
        socket,
        408,
        `the request did not come whole within ${HEADERS_TIMEOUT_MS / 1000} s (its headers) or ${REQUEST_TIMEOUT_MS / 1000} s (all of it)`,
        false,
      );
      return;
    }
    const head = error.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
    endWithError(socket, status, 'malformed HTTP request: percent-encode the URL and keep it and the headers short', head);
  });
  server.on('connect', (_req, socket: Duplex) => {
    endWithError(socket, 405, 'CONNECT is not allowed; this service answers GET, HEAD and OPTIONS', false, 'Allow: GET, HEAD, OPTIONS\r\n');
  });
  return listening(server, port, host);
}

/**
 * Starts a second server on `port` that answers the probe `paths` through `app` and 404 to
 * anything else (PROBE_PORT). Its own listening socket is taken in on every turn of the
 * process whatever waits on the clients' one, where the process takes in one new connection
 * a turn (libuv since 1.45): 150 new connections at once on the clients' port hold a probe's
 * connection behind them for as many turns.
 */
export function listenForProbes(app: Express, port: number, host: string, paths: readonly string[]): Promise<Server> {
  const probe = isProbe(paths);
  const server = createServer({ headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS }, (request, response) => {
    if (probe(request.url ?? '')) {
      app(request, response);
      return;
    }
    const body: ErrorBody = { status: 404, error: 'Not Found', message: `this port answers ${paths.join(' and ')} alone` };
    response.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));
  });
  server.maxConnections = 64;
  return listening(server, port, host);
}

/** Starts `server` listening; resolves once it does, rejects if it cannot. */
function listening(server: Server, port: number, host: string): Promise<Server> {
  server.listen(port, host);
  return new Promise((resolve, reject) => {
    server.once('listening', () => resolve(server));
    server.once('error', reject);
  });
}

/** Whether a request's URL (path and query) asks for one of `paths`. */
function isProbe(paths: readonly string[]): (url: string) => boolean {
  const probes = new Set(paths);
  return (url) => {
    const query = url.indexOf('?');
    return probes.has(query === -1 ? url : url.slice(0, query));
  };
}

/** `configured`, or for 0 the soft limit of open descriptors (Linux: /proc/self/limits) less a reserve, at most DEFAULT_MAX_CONNECTIONS. */
export function connectionCap(configured: number): number {
  if (configured > 0) return configured;
  let limit = Infinity;
  try {
    const soft = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1];
    if (soft !== undefined) limit = Number(soft);
  } catch {
    // not Linux: the default alone
  }
  return Math.max(16, Math.min(DEFAULT_MAX_CONNECTIONS, limit - RESERVED_DESCRIPTORS));
}

/** Writes a whole JSON error response on a raw socket and closes it (without the body after a HEAD). */
function endWithError(socket: Duplex, status: number, message: string, head: boolean, extraHeaders = ''): void {
  const body: ErrorBody = { status, error: STATUS_CODES[status] ?? 'Bad Request', message };
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${body.error}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
      `Cache-Control: no-store\r\nAccess-Control-Allow-Origin: *\r\n${extraHeaders}Connection: close\r\n\r\n${head ? '' : text}`,
  );
}
