import type { Socket } from 'node:net';
import type { RequestHandler, Response } from 'express';
import { SlowReadersError } from '../errors.js';

/** The bounds on what the process holds for clients (a test may lower them, to see them act on small answers). */
export const OUTGOING = {
  /**
   * The bytes of answers the process holds for clients, in all: being rendered, or written
   * and not yet taken by the operating system (a client that does not read leaves them in the
   * socket's queue, in this process' memory). Past it, a new answer is refused with a 503 and
   * `Retry-After` before it is made or sent. Sixty clients that never read, each asking for a
   * /get of megabytes, left the process at its resting memory with 32 MB (npm run bench:shapes).
   */
  maxHeldBytes: 32 * 2 ** 20,
  /** What one connection may hold beyond the answer it is sent (pipelined requests' answers). */
  maxHeldPerConnection: 8 * 2 ** 20,
  /** How long an answer may sit unsent with no byte taken before its connection is closed. */
  writeStallMs: 30_000,
  /** How often the answers being sent are looked at for progress. */
  stallCheckMs: 1000,
};

/** What is held in all, and by each connection. */
let held = 0;
const byConnection = new WeakMap<Socket, number>();
/** The answers being sent: their socket, the bytes it had taken when last seen, and since when it has taken none. */
const sending = new Set<{ socket: Socket; written: number; since: number }>();
let watchdog: NodeJS.Timeout | undefined;

/** What the process holds now, for /metrics and tests. */
export function heldBytes(): number {
  return held;
}

/**
 * Whether a new answer would be refused now, or one of `size` bytes: checked before any work,
 * so that a crowd behind slow readers costs nothing but its refusals.
 */
export function outgoingFull(size = 0): boolean {
  return held > 0 && held + Math.max(1, size) > OUTGOING.maxHeldBytes;
}

/**
 * Refuses every request but those of `exempt` (the probes, /metrics) with a 503 while the
 * process holds its bound of unsent answers, before any work is done for it.
 */
export function refuseWhenFull(exempt: readonly string[]): RequestHandler {
  return (req, _res, next) => {
    if (outgoingFull() && !exempt.includes(req.path)) next(new SlowReadersError());
    else next();
  };
}

/**
 * Charges `bytes` being rendered (`renderedInTurns`); the returned function gives them back.
 * Throws SlowReadersError, charging nothing, when the process already holds its bound.
 */
export function chargeRendering(bytes: number): () => void {
  if (held > 0 && held + bytes > OUTGOING.maxHeldBytes) throw new SlowReadersError();
  held += bytes;
  let charged = true;
  return () => {
    if (!charged) return;
    charged = false;
    held -= bytes;
  };
}

/**
 * Admits an answer of `bytes` to be written on `res`, charged until its last byte is taken by
 * the operating system ('finish') or the connection is gone ('close'). One answer is always
 * admitted on a connection that holds none while the process holds none (an answer larger
 * than the bound can still be sent alone). Its connection is closed when the answer sits
 * `writeStallMs` with no byte taken. Throws SlowReadersError, charging nothing, past either
 * bound.
 */
export function admitAnswer(res: Response, bytes: number): void {
  // the request's connection: a pipelined request's answer has no socket of its own until those before it are sent
  const socket = res.req.socket;
  const mine = byConnection.get(socket) ?? 0;
  if ((mine > 0 && mine + bytes > OUTGOING.maxHeldPerConnection) || (held > 0 && held + bytes > OUTGOING.maxHeldBytes))
    throw new SlowReadersError();
  held += bytes;
  byConnection.set(socket, mine + bytes);
  const watched = { socket, written: taken(socket), since: Date.now() };
  sending.add(watched);
  watchdog ??= setInterval(checkProgress, OUTGOING.stallCheckMs).unref();
  let charged = true;
  const release = (): void => {
    if (!charged) return;
    charged = false;
    held -= bytes;
    byConnection.set(socket, (byConnection.get(socket) ?? bytes) - bytes);
    sending.delete(watched);
    if (sending.size === 0) {
      clearInterval(watchdog);
      watchdog = undefined;
    }
  };
  res.once('finish', release);
  res.once('close', release);
}

/** The bytes the operating system has taken from `socket` (`bytesWritten` counts those still queued here too). */
function taken(socket: Socket): number {
  return socket.bytesWritten - socket.writableLength;
}

/** Closes the connections whose answer has sat `writeStallMs` with no byte taken: what they held is given back ('close'). */
function checkProgress(): void {
  const now = Date.now();
  for (const watched of sending) {
    const written = taken(watched.socket);
    if (written !== watched.written) {
      watched.written = written;
      watched.since = now;
    } else if (now - watched.since >= OUTGOING.writeStallMs) watched.socket.destroy();
  }
}
