/**
 * The limits of a request that are no setting, declared once: the server enforces them
 * (listen.ts, mount.ts) and the API description states them (its 408, 413, 414 and 431).
 */

/** How long a client may take to send a request's headers (a slowloris holds a connection no longer). */
export const HEADERS_TIMEOUT_MS = 10_000;

/** How long a client may take to send a whole request, body included. */
export const REQUEST_TIMEOUT_MS = 60_000;

/** The most bytes of a request's line and headers together (Node's own bound, set so that it is ours). */
export const HEADER_BYTES = 16 * 1024;

/** The most bytes of a POST's body, once decoded (a reconciliation batch of a full spreadsheet page). */
export const BODY_BYTES = 2 * 1024 * 1024;

/** A number of bytes as the description says it: `16 kB`, `2 MB`. */
export function bytesInWords(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} kB`;
}
