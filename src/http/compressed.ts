import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { RenderedBody } from './ResponseCache.js';

/** Bodies shorter than this (in characters) go out as they are: compressing them saves less than it costs. */
export const COMPRESS_FROM = 1024;

/** A content coding the service sends. */
export type Encoding = 'br' | 'gzip';

/**
 * How hard a body is compressed: `answer` for what is made per request (brotli at quality 5,
 * about gzip's speed and smaller), `asset` for what is made once and sent often (scripts, pages,
 * the OpenAPI description: brotli's best).
 */
export type Effort = 'answer' | 'asset';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Compressed bodies, by the rendered body they were made from: kept as long as it is (in the response cache, or for the life of the process for assets). */
const made = new WeakMap<RenderedBody, Map<Encoding, Promise<Buffer>>>();

/**
 * The coding to send for a request's `Accept-Encoding` (RFC 9110, 12.5.3): brotli where the
 * client accepts it, else gzip, else none. A coding is accepted when it is listed (or `*` is)
 * with a q-value above 0.
 */
export function chosenEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (acceptEncoding === undefined || acceptEncoding === '') return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [coding = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (coding === '') continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (coding: string): boolean => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip') || (weights.get('x-gzip') ?? 0) > 0) return 'gzip';
  return undefined;
}

/** The ETag of `rendered` sent in `encoding`: a strong ETag names one representation, so each coding has its own. */
export function encodedEtag(etag: string, encoding: Encoding | undefined): string {
  return encoding === undefined ? etag : etag.replace(/"$/, `-${encoding}"`);
}

/**
 * `rendered`'s body in `encoding`, made once (on libuv's threads, never on the thread that
 * answers HTTP) and kept beside it.
 */
export function compressedBody(rendered: RenderedBody, encoding: Encoding, effort: Effort): Promise<Buffer> {
  let codings = made.get(rendered);
  if (codings === undefined) made.set(rendered, (codings = new Map()));
  let body = codings.get(encoding);
  if (body === undefined) {
    body =
      encoding === 'br'
        ? brotli(rendered.body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: effort === 'asset' ? constants.BROTLI_MAX_QUALITY : 5,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(rendered.body),
            },
          })
        : gzipped(rendered.body, { level: effort === 'asset' ? 9 : 6 });
    codings.set(encoding, body);
    body.catch(() => codings?.delete(encoding));
  }
  return body;
}
