/** Log verbosity, most severe first. `silent` logs nothing. */
export const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Logger {
  error(message: string, cause?: unknown): void;
  warn(message: string, cause?: unknown): void;
  info(message: string): void;
  debug(message: string): void;
}

/**
 * One line per event on stderr: time, level, message, and for errors the cause's own
 * message (never a request's parameters beyond its path, never credentials).
 */
export function createLogger(level: LogLevel, write: (line: string) => void = (line) => process.stderr.write(line)): Logger {
  const rank = LOG_LEVELS.indexOf(level);
  const emit = (at: LogLevel, message: string, cause?: unknown): void => {
    if (LOG_LEVELS.indexOf(at) > rank) return;
    const detail = cause === undefined ? '' : `: ${describe(cause)}`;
    write(`${new Date().toISOString()} ${at} ${message}${detail}\n`);
  };
  return {
    error: (message, cause) => emit('error', message, cause),
    warn: (message, cause) => emit('warn', message, cause),
    info: (message) => emit('info', message),
    debug: (message) => emit('debug', message),
  };
}

function describe(cause: unknown): string {
  if (cause instanceof Error) {
    const inner = cause.cause === undefined ? '' : ` (${describe(cause.cause)})`;
    return `${cause.name}: ${cause.message}${inner}`;
  }
  return String(cause);
}
