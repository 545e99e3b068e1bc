import rdf from '@rdfjs/data-model';
import type { Term } from '@rdfjs/types';
import sparqljs, { type ConstructQuery, type SelectQuery } from 'sparqljs';
import { SKOS, SKOSXL } from '../../domain/namespaces.js';
import { bindQuery, mentionsVariable, type Placeholder } from '../../sparql/bindQuery.js';
import { codePoints } from '../../domain/codePoints.js';
import type { QueryCatalog } from '../../sparql/QueryCatalog.js';
import type { SparqlStore } from '../../store/SparqlStore.js';
import { UpstreamError, UpstreamTimeLimitError } from '../../errors.js';
import { PROPERTIES, type VocabularyProperty } from '../../index/LabelIndexBuilder.js';
import type { BuildThread } from '../threads/BuildThread.js';
import type { FedAnswer, Feeds } from '../threads/TripleFeed.js';
import { readPool, type ReadTask } from './readPool.js';

/** The store sent fewer triples than it holds, in parts too small to go on: it caps answers far below a million. */
export class TruncatedAnswerError extends Error {
  override name = 'TruncatedAnswerError';
}

/** One pattern the index reads: a query, and what the builder makes of each of its triples. */
export interface VocabularyRead {
  /** What it reads, for logs and the change probe: `skos:prefLabel`, `a skos:Concept`... */
  name: string;
  template: ConstructQuery;
  bindings: Readonly<Record<string, Term>>;
  /** The variable whose values the change probe sums the lengths of (the subjects of a `typed` read, the values of the others). */
  value: 'value' | 'subject';
  /** What its triples are to the builder. */
  feeds: Feeds;
  /**
   * skos:inScheme's: the query that tells whether every concept is in one scheme and nothing
   * else in any (`soleScheme.rq`). Where it is so, the read is left out and the builder told
   * the scheme of every concept instead.
   */
  soleScheme?: { template: SelectQuery; bindings: Readonly<Record<string, Placeholder>> };
}

/** How far a read got, for /ready. */
export interface ReadProgress {
  /** Triples read so far. */
  triples: number;
  /** Triples the store said it holds, over the reads counted so far. */
  expected: number;
  /** Reads counted so far, of `reads`. */
  counted: number;
  reads: number;
  /** The reads left out because their triples were known without them (every concept in one scheme: `soleScheme.rq`), with the triples they hold. */
  known?: Array<{ read: string; triples: number; because: string }>;
  /**
   * Lines of the answers that are no triple, skipped (an IRI kept by a lenient parser and
   * written as it is, with a `>`, space, quote or line break inside): how many, and the first few.
   */
  odd?: { count: number; first: string[] };
}

/**
 * Triples one answer carries at most, where a store is not known to cap them but refused a
 * whole pattern (an error before its first triple): parts of a million. A store known to cap
 * them (`largestAnswer`: Virtuoso refuses a CONSTRUCT of more than 1,000,000) is read in parts
 * of that size from the start; one with no known cap, whole. The embedded store builds each
 * answer whole in memory, so it gets smaller parts.
 */
const PART_TRIPLES = 1_000_000;
const EMBEDDED_PART_TRIPLES = 250_000;
/** How long the store may take to tell whether every concept is in one scheme: past that, the read goes on as usual (Virtuoso tells it of ten million concepts in some 3 s). */
const SOLE_SCHEME_MS = 30_000;
/** Parts a read may need at most: past that the store's cap is too small to read through. */
const MAX_PARTS = 1024;

const AGGREGATES = new sparqljs.Parser().parse(
  // a blank node counts no characters: it has no string form (STR of it is an error, which would void the whole sum)
  'SELECT (COUNT(*) AS ?triples) (SUM(IF(isBlank(?value), 0, STRLEN(STR(?value)))) AS ?characters) (SUM(IF(isBlank(?subject), 0, STRLEN(STR(?subject)))) AS ?subjects) WHERE {}',
) as SelectQuery;

/**
 * The reads of a vocabulary: each concept type, each property the index keeps, and the
 * SKOS-XL labels as the plain properties they stand for. Each is one triple pattern (the
 * SKOS-XL ones a join of two), so the store sends it as fast as it can send anything.
 */
export function vocabularyReads(queries: QueryCatalog, conceptTypes: readonly string[]): VocabularyRead[] {
  const reads: VocabularyRead[] = conceptTypes.map((type) => ({
    name: `a ${short(type)}`,
    template: queries.read('readTyped'),
    bindings: { conceptType: rdf.namedNode(type) },
    value: 'subject',
    feeds: 'typed',
  }));
  // the schemes: /schemes lists those typed so, concepts in them or not
  reads.push({
    name: 'schemes: a skos:ConceptScheme',
    template: queries.read('readTyped'),
    bindings: { conceptType: rdf.namedNode(`${SKOS}ConceptScheme`) },
    value: 'subject',
    feeds: 'schemeTyped',
  });
  for (const [property, iri] of Object.entries(PROPERTIES) as Array<[VocabularyProperty, string]>) {
    reads.push({
      name: short(iri),
      template: queries.read('readTriples'),
      bindings: { property: rdf.namedNode(iri) },
      value: 'value',
      feeds: property,
      ...(property === 'inScheme'
        ? {
            soleScheme: {
              template: queries.template('soleScheme'),
              bindings: { conceptType: conceptTypes.map((type) => rdf.namedNode(type)) },
            },
          }
        : {}),
    });
  }
  for (const kind of ['prefLabel', 'altLabel', 'hiddenLabel'] as const) {
    reads.push({
      name: `skosxl:${kind}`,
      template: queries.read('readXlLabels'),
      bindings: { xlProperty: rdf.namedNode(`${SKOSXL}${kind}`) },
      value: 'value',
      feeds: kind,
    });
  }
  return reads;
}

/**
 * Reads every triple of `reads` into the build on `thread`: every read is counted first (COUNT(*) of its
 * pattern: the size of the whole read is known from its first seconds), then each is read whole, or in parts of at most a million triples by LIMIT and OFFSET
 * where it holds more. A part that brings fewer triples than it should shows the store's
 * cap: the rest of that part is asked again in parts of what it sent. Up to `parallel`
 * queries are worked on by the store at once, and as many more may be sending (`readPool`;
 * on a store that streams: the embedded one answers one at a time).
 *
 * Resolves with the change probe: per read, its triples and the summed lengths of their
 * values (code points, as STRLEN counts them), which `probeVocabulary` asks the store for
 * again later to tell whether anything changed.
 * @throws TruncatedAnswerError when the store caps answers too far below a million triples.
 */
export async function readVocabulary(
  store: SparqlStore,
  reads: readonly VocabularyRead[],
  thread: BuildThread,
  options: { timeoutMs: number; parallel: number; progress?: ReadProgress; partTriples?: number | undefined },
): Promise<string> {
  const progress = options.progress ?? { triples: 0, expected: 0, counted: 0, reads: 0 };
  progress.reads = reads.length;
  // the counts come first (below), so the store has answered once before a part is planned
  const partSize = (): number => (store.streams ? (store.largestAnswer ?? Infinity) : EMBEDDED_PART_TRIPLES);
  const probe = new Map<string, { triples: number; characters: number }>();
  const tasks: ReadTask[] = [];
  // the store works on `parallel` queries at once; as many more may be sending (readPool). The
  // embedded one answers one at a time, each answer whole in memory: one open at a time.
  const parallel = store.streams ? Math.max(1, options.parallel) : 1;
  const limits = { working: parallel, open: store.streams ? 2 * parallel : 1 };

  const reading: Reading = { store, thread, options, progress, probe, tasks };

  // First every count (cheap: no term is sent), so that the size of the whole read is known
  // from its first seconds; then the parts, each read's after the other.
  const counts = new Map<VocabularyRead, number>();
  await readPool(
    reads.map((read) => async () => {
      const count = await countTriples(store, read, options.timeoutMs);
      counts.set(read, count);
      progress.expected += count;
      progress.counted++;
    }),
    limits,
  );
  const part = partSize();
  const known = new Map<VocabularyRead, string>();
  await readPool(
    reads.map((read) => async () => {
      const scheme = read.soleScheme && (counts.get(read) as number) > 0 ? await soleScheme(store, read, options.timeoutMs) : undefined;
      if (scheme !== undefined) known.set(read, scheme);
    }),
    limits,
  );
  for (const read of reads) {
    const count = counts.get(read) as number;
    probe.set(read.name, { triples: 0, characters: 0 });
    const scheme = known.get(read);
    if (scheme !== undefined) {
      // every triple of the read names `scheme`: the sums the store would give for it, as if read
      probe.set(read.name, { triples: count, characters: count * codePoints(scheme) });
      progress.expected -= count;
      (progress.known ??= []).push({
        read: read.name,
        triples: count,
        because: `every concept is in <${scheme}>, and nothing else in any scheme`,
      });
      continue;
    }
    if (count <= part) {
      if (count > 0) tasks.push((sending) => readPart(reading, read, count, 0, count, true, sending));
      continue;
    }
    for (let offset = 0; offset < count; offset += part)
      tasks.push((sending) => readPart(reading, read, count, offset, part, false, sending));
  }
  await readPool(tasks, limits);
  // every concept's scheme, once every concept is typed
  for (const scheme of known.values()) thread.everyConceptIn(scheme);
  return probeText(reads.map((read) => [read.name, probe.get(read.name) ?? { triples: 0, characters: 0 }]));
}

/** What the parts of one read of the vocabulary share: where they read, what they feed, and what they count. */
interface Reading {
  readonly store: SparqlStore;
  readonly thread: BuildThread;
  readonly options: { timeoutMs: number; partTriples?: number | undefined };
  readonly progress: ReadProgress;
  /** Per read, its triples and the summed lengths of their values: the change probe. */
  readonly probe: Map<string, { triples: number; characters: number }>;
  /** The parts still to read; a part cut short puts its rest first. */
  readonly tasks: ReadTask[];
}

/**
 * Reads one part of `read` (`size` triples from `offset`, or the whole pattern): feeds its
 * answer to the build's thread and counts it. A store that sent fewer than asked is asked for
 * the rest; one that refused a whole pattern before its first triple is asked for it in parts.
 * @throws TruncatedAnswerError when the store caps answers too far below a million triples.
 */
async function readPart(
  reading: Reading,
  read: VocabularyRead,
  count: number,
  offset: number,
  size: number,
  whole: boolean,
  sending: () => void,
): Promise<void> {
  const { store, thread, options, progress, probe, tasks } = reading;
  const sums = probe.get(read.name) as { triples: number; characters: number };
  const query = bindQuery(read.template, read.bindings, whole ? undefined : { limit: size, offset });
  let fed = 0;
  const reader = thread.answer(read.feeds, (rows) => {
    progress.triples += rows - fed;
    fed = rows;
  });
  let answer: FedAnswer;
  try {
    await store.constructText(
      query,
      (text) => {
        sending();
        return reader.push(text);
      },
      options.timeoutMs,
      'read',
    );
    answer = await reader.end();
  } catch (error) {
    // a store with no known cap that refused a whole pattern of more than a part, before
    // its first triple (an answer it would not send whole, or not within its own time
    // limit: a cold Fuseki stopped a whole pattern of 4 million labels at its 120 s): read
    // it again in parts
    const size = options.partTriples ?? PART_TRIPLES;
    if (!whole || reader.started || count <= size || !(error instanceof UpstreamError || error instanceof UpstreamTimeLimitError))
      throw error;
    for (let from = count - (count % size || size); from >= 0; from -= size)
      tasks.unshift((sending) => readPart(reading, read, count, from, size, false, sending));
    return;
  }
  const sent = answer.rows;
  progress.triples += sent - fed;
  sums.triples += sent;
  sums.characters += answer.characters;
  if (answer.odd.count > 0) {
    progress.odd ??= { count: 0, first: [] };
    progress.odd.count += answer.odd.count;
    progress.odd.first.push(...answer.odd.first.slice(0, 3 - progress.odd.first.length));
  }
  const due = Math.min(size, count - offset);
  // Fewer than asked: the store caps its answers at what it sent (then the rest of the part
  // is asked again), or the count held the same triple twice (in two graphs, where the
  // CONSTRUCT answer holds it once) or the data shrank (then the rest brings nothing).
  if (sent >= due || (sent === 0 && !whole && offset > 0)) return;
  if (sent === 0 || Math.ceil(count / sent) > MAX_PARTS) {
    throw new TruncatedAnswerError(
      `the store sent ${sent} of the ${due} triples asked for (${read.name}, from ${offset}): it cuts answers short. ` +
        "On Virtuoso, set ResultSetMaxRows in the [SPARQL] section of virtuoso.ini to 1048576 (more is not honoured); elsewhere, raise the store's limit on result rows.",
    );
  }
  tasks.unshift((sending) => readPart(reading, read, count, offset + sent, due - sent, false, sending));
}

/**
 * Asks the store for what `readVocabulary` resolved with: per read, its triples and the
 * summed lengths of their values. Equal answers: unchanged (an edit that keeps every count
 * and length, one letter for another, goes unseen until a forced build).
 */
export async function probeVocabulary(store: SparqlStore, reads: readonly VocabularyRead[], timeoutMs: number): Promise<string> {
  const sums: Array<[string, { triples: number; characters: number }]> = [];
  for (const read of reads) {
    let values: string[] = [];
    await store.selectRows(
      bindQuery(aggregate(read), patternBindings(read)),
      ['triples', read.value === 'value' ? 'characters' : 'subjects'],
      (row) => (values = row),
      timeoutMs,
      'probe',
    );
    sums.push([read.name, { triples: Number(values[0] ?? 0), characters: Number(values[1] || 0) }]);
  }
  return probeText(sums);
}

/**
 * The one scheme every concept is in, where no other resource is in any (`soleScheme.rq`);
 * undefined where that does not hold, or the store cannot tell (the read then goes on as usual).
 */
async function soleScheme(store: SparqlStore, read: VocabularyRead, timeoutMs: number): Promise<string | undefined> {
  const { template, bindings } = read.soleScheme as NonNullable<VocabularyRead['soleScheme']>;
  const schemes: Term[] = [];
  let misfit = false;
  try {
    const rows = await store.select(bindQuery(template, bindings), 'soleScheme', Math.min(timeoutMs, SOLE_SCHEME_MS));
    for (const row of rows) {
      if (row.misfit !== undefined) misfit = true;
      if (row.scheme !== undefined) schemes.push(row.scheme);
    }
  } catch {
    return undefined;
  }
  const [scheme] = schemes;
  return !misfit && schemes.length === 1 && scheme?.termType === 'NamedNode' ? scheme.value : undefined;
}

async function countTriples(store: SparqlStore, read: VocabularyRead, timeoutMs: number): Promise<number> {
  const template = { ...aggregate(read), variables: AGGREGATES.variables.slice(0, 1) } as SelectQuery;
  let count: number | undefined;
  await store.selectRows(bindQuery(template, patternBindings(read)), ['triples'], ([value]) => (count = Number(value)), timeoutMs, 'count');
  if (count === undefined || !Number.isSafeInteger(count)) throw new Error(`the store did not count ${read.name}`);
  return count;
}

/** The read's pattern as a SELECT of its count and summed lengths. */
function aggregate(read: VocabularyRead): SelectQuery {
  const variables = AGGREGATES.variables.filter(
    (variable) => !('variable' in variable) || variable.variable.value !== (read.value === 'value' ? 'subjects' : 'characters'),
  );
  return { ...AGGREGATES, variables, where: read.template.where ?? [], prefixes: read.template.prefixes } as SelectQuery;
}

/** The read's bindings that its pattern uses (those of the CONSTRUCT template alone go). */
function patternBindings(read: VocabularyRead): Record<string, Term> {
  return Object.fromEntries(Object.entries(read.bindings).filter(([name]) => mentionsVariable(read.template.where, name)));
}

function probeText(sums: Array<[string, { triples: number; characters: number }]>): string {
  return sums
    .map(([name, { triples, characters }]) => `${name} ${triples} ${characters}`)
    .sort()
    .join('\n');
}

/** `skos:prefLabel` for the SKOS namespace's IRIs, the IRI itself for others. */
function short(iri: string): string {
  return iri.startsWith(SKOS) ? `skos:${iri.slice(SKOS.length)}` : iri;
}
