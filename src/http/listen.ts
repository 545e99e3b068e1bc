import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Express } from 'express';
import { STATUS_CODES } from 'node:http';
import type { ErrorBody } from '../errors.js';

/**
 * Starts `app` on `port` and `host`. Requests that Node's HTTP parser itself refuses
 * (a raw non-ASCII byte in the URL, headers too large) get the contract's JSON error body
 * too, instead of Node's bare status line; so does CONNECT, which Node hands to no route.
 */
export function listen(app: Express, port: number, host: string): Promise<Server> {
  const server = app.listen(port, host);
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'HPE_URI_TOO_LONG' ? 414 : 400;
    const head = error.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
    endWithError(socket, status, 'malformed HTTP request: percent-encode the URL and keep it and the headers short', head);
  });
  server.on('connect', (_req, socket: Duplex) => {
    endWithError(socket, 405, 'CONNECT is not allowed; this service answers GET, HEAD and OPTIONS', false, 'Allow: GET, HEAD, OPTIONS\r\n');
  });
  return new Promise((resolve, reject) => {
    server.once('listening', () => resolve(server));
    server.once('error', reject);
  });
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
