import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type oxigraph from 'oxigraph';

/** A data file that cannot be read or parsed; the message names the file and, for a parse error, the parser's line and column. */
export class DataFileError extends Error {
  override name = 'DataFileError';
}

/** Media types by file extension (after any `.gz`). */
const FORMATS: Readonly<Record<string, string>> = {
  ttl: 'text/turtle',
  turtle: 'text/turtle',
  nt: 'application/n-triples',
  ntriples: 'application/n-triples',
  nq: 'application/n-quads',
  nquads: 'application/n-quads',
  trig: 'application/trig',
  rdf: 'application/rdf+xml',
  owl: 'application/rdf+xml',
  xml: 'application/rdf+xml',
  n3: 'text/n3',
};

function formatOf(path: string): string | undefined {
  const name = basename(path).toLowerCase().replace(/\.gz$/, '');
  return FORMATS[name.slice(name.lastIndexOf('.') + 1)];
}

/** The largest vocabulary the embedded store was seen to hold (README: "Large vocabularies"). */
const EMBEDDED_LIMIT = '1 million concepts, 7.5 million triples';

/** What the parser is handed at a time (1 MiB). */
const CHUNK_BYTES = 2 ** 20;

/**
 * The file's bytes, a slice at a time. Oxigraph runs as WebAssembly, whose memory grows
 * but never shrinks: handed the whole file as one string, it would keep a file-sized copy's
 * worth of memory for the life of the process (60 MB for YSO's N-Triples).
 */
function* chunks(bytes: Buffer): Generator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += CHUNK_BYTES) yield bytes.subarray(start, start + CHUNK_BYTES);
}

/**
 * Parses one RDF file into `store`, in one transaction: a file that fails to parse adds
 * nothing. Relative IRIs resolve against the file's own URL.
 * @throws DataFileError
 */
export async function loadRdfFile(store: oxigraph.Store, path: string): Promise<void> {
  const format = formatOf(path);
  if (format === undefined) {
    throw new DataFileError(`${path}: unknown RDF format; use .ttl, .nt, .nq, .trig, .rdf, .owl, .xml or .n3, optionally with .gz`);
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
    if (/\.gz$/i.test(path)) bytes = gunzipSync(bytes);
  } catch (error) {
    throw new DataFileError(`${path}: ${(error as Error).message}`);
  }
  try {
    store.load(chunks(bytes), { format, base_iri: pathToFileURL(path).href });
  } catch (error) {
    if ((error as Error).name === 'RuntimeError' || error instanceof RangeError) { // WebAssembly.RuntimeError: a trap
      // Oxigraph runs as WebAssembly with 32-bit memory: 4 GB at most, whatever the machine has.
      throw new DataFileError(
        `${path}: the embedded store ran out of memory (${(error as Error).message}): it holds at most about ${EMBEDDED_LIMIT} ` +
          '(WebAssembly gives it 4 GB at most). Load the vocabulary into a SPARQL store and set SPARQL_ENDPOINT (README: "Large vocabularies").',
      );
    }
    throw new DataFileError(`${path}: ${(error as Error).message}`);
  }
}
