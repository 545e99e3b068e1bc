import type { Server } from 'node:http';
import type { Express } from 'express';
import { STATUS_CODES } from 'node:http';
import type { ErrorBody } from '../errors.js';

/**
 * Starts `app` on `port` and `host`. Requests that Node's HTTP parser itself refuses
 * (a raw non-ASCII byte in the URL, headers too large) get the contract's JSON error body
 * too, instead of Node's bare status line.
 */
export function listen(app: Express, port: number, host: string): Promise<Server> {
  const server = app.listen(port, host);
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'HPE_URI_TOO_LONG' ? 414 : 400;
    const body: ErrorBody = { status, error: STATUS_CODES[status] ?? 'Bad Request', message: 'malformed HTTP request: percent-encode the URL and keep it and the headers short' };
    const text = JSON.stringify(body);
    socket.end(
      `HTTP/1.1 ${status} ${body.error}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
        `Cache-Control: no-store\r\nAccess-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n${text}`,
    );
  });
  return new Promise((resolve, reject) => {
    server.once('listening', () => resolve(server));
    server.once('error', reject);
  });
}
