import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import oxigraph from 'oxigraph';
import { MAX_ENTITY_BYTES, entityExpansion } from './entityExpansion.js';

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
  jsonld: 'application/ld+json',
  json: 'application/ld+json',
};

function formatOf(path: string): string | undefined {
  const name = basename(path).toLowerCase().replace(/\.gz$/, '');
  return FORMATS[name.slice(name.lastIndexOf('.') + 1)];
}

/** The largest vocabulary the embedded store was seen to hold (docs/large-vocabularies.md, "Large vocabularies"). */
const EMBEDDED_LIMIT = '1 million concepts, 7.5 million triples';

/** What the parser is handed at a time (1 MiB). */
const CHUNK_BYTES = 2 ** 20;

/**
 * The file's bytes, a slice at a time. Oxigraph runs as WebAssembly, whose memory grows
 * but never shrinks: handed the whole file as one string, it would keep a file-sized copy's
 * worth of memory for the life of the process (60 MB for YSO's N-Triples).
 */
function* chunks(bytes: Buffer, progress?: (done: number) => void): Generator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += CHUNK_BYTES) {
    progress?.(start);
    yield bytes.subarray(start, start + CHUNK_BYTES);
  }
}

/** How far the load of the data files got: file `file` (1-based), `done` of its `total` bytes (after any gunzip). */
export interface LoadProgress {
  file: number;
  done: number;
  total: number;
}

/** How many refused IRIs a report names. */
const EXAMPLES = 3;

/**
 * Parses one RDF file into `store`, in one transaction: a file that fails to parse adds
 * nothing. Relative IRIs resolve against the file's own URL.
 *
 * Real files hold IRIs that RDF's grammars allow but IRI validation (RFC 3987) refuses: a
 * letter lost to U+FFFD in an earlier conversion, a stray space escaped as `\u0020`. The
 * strict parser stops at the first; such a file is then loaded leniently (Oxigraph's
 * `lenient`, which skips the validation of IRIs and language tags but not the grammar), and
 * `warn` is told, in one line, how many IRIs were kept as they are and the first few.
 * A syntax error still stops the load, with the parser's line and column.
 * @throws DataFileError
 */
export async function loadRdfFile(
  store: oxigraph.Store,
  path: string,
  warn: (message: string) => void = () => {},
  progress: (step: LoadProgress) => void = () => {},
  given?: string,
): Promise<void> {
  const format = given ?? formatOf(path);
  if (format === undefined) {
    throw new DataFileError(
      `${path}: unknown RDF format; use .ttl, .nt, .nq, .trig, .rdf, .owl, .xml, .n3 or .jsonld, optionally with .gz, or set DATA_FORMAT`,
    );
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
    if (/\.gz$/i.test(path)) bytes = gunzipSync(bytes);
  } catch (error) {
    throw new DataFileError(`${path}: ${(error as Error).message}`);
  }
  if (format === 'application/rdf+xml') refuseEntityBombs(path, bytes);
  const base_iri = pathToFileURL(path).href;
  const total = bytes.length;
  const parsed = (done: number): void => progress({ file: 1, done, total });
  let strictError: Error;
  try {
    store.load(chunks(bytes, parsed), { format, base_iri });
    parsed(total);
    return;
  } catch (error) {
    strictError = loadError(path, error);
  }
  // the lenient parse first, to know what it would keep: an IRI that holds, once unescaped,
  // what no IRI may hold is refused with every quad that names it
  let invalid: string[];
  try {
    invalid = refusedIris(oxigraph.parse(chunks(bytes), { format, base_iri, lenient: true }));
    if (!invalid.some(holdsForbidden)) store.load(chunks(bytes, parsed), { format, base_iri, lenient: true });
    else
      store.load(withoutForbidden(oxigraph.parse(chunks(bytes, parsed), { format, base_iri, lenient: true })), {
        format: 'application/n-quads',
        lenient: true,
      });
    parsed(total);
  } catch (error) {
    throw loadError(path, error); // the grammar itself is broken: a real syntax error
  }
  // kept, such an IRI would be written out as it is wherever the store's answers are
  // N-Triples, where `>`, a space and a line break can spell triples that are not in the data
  const forging = invalid.filter(holdsForbidden);
  if (forging.length > 0) {
    const text = bytes.toString('utf8');
    warn(
      `${path}: ${forging.length} IRI${forging.length === 1 ? '' : 's'} holding, once unescaped, what no IRI may hold (a space, a control character, or one of < > " { } | ^ \` \\) refused, with every triple that names ${forging.length === 1 ? 'it' : 'them'}: ` +
        forging
          .slice(0, EXAMPLES)
          .map((iri) => `${JSON.stringify(iri)}${lineOf(text, iri)}`)
          .join(', ') +
        (forging.length > EXAMPLES ? ', ...' : ''),
    );
  }
  const refused = invalid.filter((iri) => !holdsForbidden(iri));
  if (forging.length > 0 && refused.length === 0) return;
  warn(
    refused.length === 0
      ? `${path}: loaded leniently; the strict parser refused it: ${strictError.message.slice(path.length + 2)}`
      : `${path}: ${refused.length} IRI${refused.length === 1 ? '' : 's'} that RDF's grammar allows but IRI validation refuses, kept as ${refused.length === 1 ? 'it is' : 'they are'}: ` +
          refused
            .slice(0, EXAMPLES)
            .map((iri) => JSON.stringify(iri))
            .join(', ') +
          (refused.length > EXAMPLES ? ', ...' : ''),
  );
}

/** What no IRI may hold, escaped or not (RDF 1.1 N-Triples and Turtle, IRIREF). */
const FORBIDDEN = /[\u0000-\u0020<>"{}|^`\\]/;

function holdsForbidden(iri: string): boolean {
  return FORBIDDEN.test(iri);
}

/** `quads` as N-Quads text, a mebibyte at a time, without those that name an IRI holding a forbidden character. */
function* withoutForbidden(quads: Iterable<oxigraph.Quad>): Generator<Uint8Array> {
  let text = '';
  for (const quad of quads) {
    if ([quad.subject, quad.predicate, quad.object, quad.graph].some((term) => term.termType === 'NamedNode' && holdsForbidden(term.value)))
      continue;
    text += `${quad.toString()} .\n`;
    if (text.length >= CHUNK_BYTES) {
      yield Buffer.from(text);
      text = '';
    }
  }
  if (text !== '') yield Buffer.from(text);
}

/** ` (line N)` where the file first writes the start of `iri` (the text before its first forbidden character), or nothing when it cannot be told. */
function lineOf(text: string, iri: string): string {
  const before = iri.slice(0, iri.search(FORBIDDEN));
  const local = before.slice(Math.max(before.lastIndexOf('/'), before.lastIndexOf('#'), before.lastIndexOf(':')) + 1);
  // as an IRI written whole, then as the whole IRI anywhere, then by its last part where that says enough
  const keys = [`<${before}`, before, ...(local.length >= 4 ? [local] : [])].filter((key) => key.length > 1);
  const at = keys.map((key) => text.indexOf(key)).find((found) => found !== -1);
  if (at === undefined) return '';
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) line++;
  return ` (line ${line})`;
}

/**
 * Refuses an RDF/XML file whose DOCTYPE declares entities that would expand it beyond what a
 * vocabulary's abbreviations need (entityExpansion): nested entities can make gigabytes of a
 * kilobyte, and the parser would expand them all.
 * @throws DataFileError naming the file and the entity
 */
function refuseEntityBombs(path: string, bytes: Buffer): void {
  if (
    !bytes
      .subarray(0, 1 << 20)
      .toString('latin1')
      .includes('<!ENTITY')
  )
    return;
  const { largest, added, name } = entityExpansion(bytes.toString('utf8'));
  const allowed = 16 * bytes.length + (16 << 20);
  if (largest > MAX_ENTITY_BYTES)
    throw new DataFileError(
      `${path}: the entity "${name ?? '?'}" of its DOCTYPE expands to ${Number.isFinite(largest) ? `${Math.round(largest / 2 ** 20)} MB` : 'no end (it refers to itself)'}, more than the ${MAX_ENTITY_BYTES / 2 ** 20} MB an entity may: refused (entities nested in entities multiply)`,
    );
  if (added > allowed)
    throw new DataFileError(
      `${path}: its entities would add ${Math.round(added / 2 ** 20)} MB once expanded, more than 16 times the file: refused (entities nested in entities multiply)`,
    );
}

/** A DataFileError for what `store.load` threw. */
function loadError(path: string, error: unknown): DataFileError {
  if ((error as Error).name === 'RuntimeError' || error instanceof RangeError) {
    // WebAssembly.RuntimeError: a trap
    // Oxigraph runs as WebAssembly with 32-bit memory: 4 GB at most, whatever the machine has.
    return new DataFileError(
      `${path}: the embedded store ran out of memory (${(error as Error).message}): it holds at most about ${EMBEDDED_LIMIT} ` +
        '(WebAssembly gives it 4 GB at most). Load the vocabulary into a SPARQL store and set SPARQL_ENDPOINT (docs/large-vocabularies.md, "Large vocabularies").',
    );
  }
  return new DataFileError(`${path}: ${(error as Error).message}`);
}

/** IRIs checked by one strict parse. */
const BATCH = 10_000;

/**
 * The distinct IRIs among `quads` that Oxigraph's strict parser refuses, in order of first
 * appearance: each is written as one N-Triples line (escaped as the grammar requires) and
 * the lines are parsed strictly in batches; a refusal names its line, and the batch goes on
 * after it.
 */
function refusedIris(quads: Iterable<oxigraph.Quad>): string[] {
  const iris = new Set<string>();
  for (const quad of quads) {
    for (const term of [quad.subject, quad.predicate, quad.object, quad.graph]) if (term.termType === 'NamedNode') iris.add(term.value);
  }
  const all = [...iris];
  const refused: string[] = [];
  for (let start = 0; start < all.length;) {
    const batch = all.slice(start, start + BATCH);
    try {
      oxigraph.parse(batch.map((iri) => `<${escapedIri(iri)}> <urn:x:p> <urn:x:o> .`).join('\n'), { format: 'application/n-triples' });
      start += batch.length;
    } catch (error) {
      const line = /line (\d+)/.exec((error as Error).message);
      if (line === null) throw error;
      const at = start + Number(line[1]) - 1;
      refused.push(all[at] as string);
      start = at + 1;
    }
  }
  return refused;
}

/** An IRI as N-Triples may hold it: what its grammar forbids written as `\uXXXX`. */
function escapedIri(iri: string): string {
  return iri.replace(/[\u0000-\u0020<>"{}|^`\\]/g, (char) => `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}
