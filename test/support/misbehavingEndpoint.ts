import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny SPARQL endpoint that misbehaves on purpose (errors, hangs, garbage), for what only
 * such an endpoint can show. It records each request it gets, and whether the client went
 * away before an answer.
 */
export interface MisbehavingEndpoint {
  url: string;
  requests: Array<{ url: string; headers: IncomingMessage['headers']; body: string; aborted: boolean }>;
  close(): Promise<void>;
}

export async function misbehavingEndpoint(answer: (res: ServerResponse, body: string) => void, port = 0): Promise<MisbehavingEndpoint> {
  const requests: MisbehavingEndpoint['requests'] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const record = { url: req.url ?? '', headers: req.headers, body, aborted: false };
      requests.push(record);
      res.on('close', () => {
        if (!res.writableFinished) record.aborted = true;
      });
      answer(res, body);
    });
  });
  server.listen(port, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sparql`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const EMPTY_RESULTS = JSON.stringify({ head: { vars: ['concept'] }, results: { bindings: [] } });
