import { pino, type DestinationStream } from 'pino';
import { prettyFactory } from 'pino-pretty';
import sonicBoom from 'sonic-boom';

/** Log verbosity, most severe first. `silent` logs nothing. */
export const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** How lines are written: JSON for machines, readable lines (pino-pretty) for people, or `auto`: pretty on a terminal. */
export const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export interface Logger {
  error(message: string, cause?: unknown): void;
  warn(message: string, cause?: unknown): void;
  /** `fields` go into the JSON line beside the message (a request's id, status, duration...). */
  info(message: string, fields?: Readonly<Record<string, unknown>>): void;
  debug(message: string, fields?: Readonly<Record<string, unknown>>): void;
}

export interface LoggerOptions {
  /** Strings that never reach the log (the store password, its Basic authorization token): each becomes `[redacted]`. */
  secrets?: readonly string[];
  /** Where the lines go; by default stderr (see `stderr`). */
  destination?: DestinationStream;
  /** `auto` (the default): pretty where stderr is a terminal. */
  format?: LogFormat;
}

let stderrDestination: DestinationStream | undefined;

/** What is kept of lines nobody reads (stderr a pipe whose reader has stalled): past it, lines are dropped, never memory taken. */
const UNREAD_LOG_BYTES = 16 * 1024 * 1024;

/** How long the exit waits for a stalled reader to take the lines still buffered. */
const EXIT_FLUSH_MS = 1000;

/**
 * Standard error, written asynchronously: a line is handed to the system while the request
 * goes on, and lines that come while a write is under way go out together with the next one
 * (a synchronous write per request line cost about a tenth of the throughput of cached
 * answers). What is still buffered is written synchronously when the process exits, so
 * nothing is lost on exit, process.exit() and uncaught exceptions included, unless the
 * reader has stalled: then the exit waits a second at most (it used to wait forever).
 * A stderr that is closed (EPIPE) loses lines, never the process: Node's own warnings go
 * to it too, and an unhandled write error there killed the service.
 */
function stderr(): DestinationStream {
  if (stderrDestination === undefined) {
    let exitBy: number | undefined;
    const destination = new sonicBoom.SonicBoom({
      fd: 2,
      sync: false,
      maxLength: UNREAD_LOG_BYTES,
      retryEAGAIN: () => exitBy === undefined || Date.now() < exitBy,
    });
    // EPIPE and the like: the reader has gone, and the lines with it (a flush at exit would
    // try again forever: sonic-boom retries every error of a synchronous write)
    let gone = false;
    destination.on('error', () => (gone = true));
    process.stderr.on('error', () => undefined);
    process.once('exit', () => {
      if (gone) return;
      exitBy = Date.now() + EXIT_FLUSH_MS;
      try {
        destination.flushSync();
      } catch {
        // the reader took nothing for a second (or has gone): what is left is dropped
      }
    });
    stderrDestination = destination;
  }
  return stderrDestination;
}

/**
 * Structured logs (pino): one JSON line per event (or, `pretty`, one readable line) with `level`, `time`, `msg`, the fields
 * given, and for errors `cause`, the cause's own message (never a stack, never request
 * parameters beyond the path). Every line is scrubbed of `secrets` as it is written, so a
 * password that a store echoes in an error page cannot reach the log either.
 */
export function createLogger(
  level: LogLevel,
  { secrets = [], destination = level === 'silent' ? { write: () => undefined } : stderr(), format = 'auto' }: LoggerOptions = {},
): Logger {
  if (format === 'pretty' || (format === 'auto' && process.stderr.isTTY)) {
    const pretty = prettyFactory({ colorize: process.stderr.isTTY, translateTime: 'SYS:HH:MM:ss.l', singleLine: true });
    const json = destination;
    destination = { write: (line: string) => json.write(pretty(line)) };
  }
  const hidden = secrets.filter((secret) => secret.length > 0).flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1)]);
  const logger = pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      hooks: { streamWrite: (line) => hidden.reduce((text, secret) => text.replaceAll(secret, '[redacted]'), line) },
    },
    destination,
  );
  return {
    error: (message, cause) => (cause === undefined ? logger.error(message) : logger.error({ cause: describe(cause) }, message)),
    warn: (message, cause) => (cause === undefined ? logger.warn(message) : logger.warn({ cause: describe(cause) }, message)),
    info: (message, fields) => (fields === undefined ? logger.info(message) : logger.info(fields, message)),
    debug: (message, fields) => (fields === undefined ? logger.debug(message) : logger.debug(fields, message)),
  };
}

function describe(cause: unknown): string {
  if (cause instanceof Error) {
    const inner = cause.cause === undefined ? '' : ` (${describe(cause.cause)})`;
    return `${cause.name}: ${cause.message}${inner}`;
  }
  return String(cause);
}
