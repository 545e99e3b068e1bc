import type { Server, ServerResponse } from 'node:http';

/**
 * A graceful stop for `server`: it keeps track of the responses in flight, so that `stop`
 * can refuse new connections, let those responses finish (each on a connection that then
 * closes, keep-alive or not), and only then resolve.
 */
export class Drain {
  private readonly inFlight = new Set<ServerResponse>();
  private stopping = false;

  constructor(private readonly server: Server) {
    server.on('request', (_req, res: ServerResponse) => {
      if (this.stopping) res.setHeader('Connection', 'close');
      this.inFlight.add(res);
      res.once('close', () => this.inFlight.delete(res));
    });
  }

  /** Resolves `true` once every request in flight is answered, or `false` when `graceMs` ran out first and the rest were cut off. */
  stop(graceMs: number): Promise<boolean> {
    this.stopping = true;
    for (const res of this.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.server.closeAllConnections();
        resolve(false);
      }, graceMs);
      this.server.close(() => {
        clearTimeout(timer);
        resolve(true);
      });
      this.server.closeIdleConnections();
    });
  }
}
