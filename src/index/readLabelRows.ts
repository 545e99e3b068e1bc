import rdf from '@rdfjs/data-model';
import sparqljs, { type SelectQuery } from 'sparqljs';
import { labelLanguage } from '../domain/labelLanguage.js';
import { bindQuery } from '../sparql/bindQuery.js';
import type { QueryCatalog } from '../sparql/QueryCatalog.js';
import type { SparqlStore } from '../store/SparqlStore.js';
import type { IndexRow } from './LabelIndexBuilder.js';

/** Quads per part when the store builds each answer whole (the embedded one). */
const QUADS_PER_PART = 4_000_000;


/** The store sent fewer label rows than it holds: it cuts answers short. */
export class TruncatedAnswerError extends Error {
  override name = 'TruncatedAnswerError';

  constructor(
    message: string,
    /** How many parts would each fit in one answer; undefined when too many would be needed. */
    readonly partsNeeded: number | undefined,
  ) {
    super(message);
  }
}

// The aggregate `labels.rq`'s pattern is counted with: the pattern keeps one home.
const COUNT_VARIABLES = (new sparqljs.Parser().parse('SELECT (COUNT(*) AS ?rows) WHERE {}') as SelectQuery).variables;

/**
 * In how many parts to read the labels. A store that streams: one part per million label
 * rows `expected`, under the 2^20 rows a Virtuoso sends at most in one answer whatever it is
 * set to (a store with a lower cap is caught and read again, see readLabelRows). A store that
 * builds each answer whole (the embedded one): enough that no answer's text nears what a
 * JavaScript string can hold (about 500 million characters, some 4 million label rows).
 * Each part is a pass over every concept (Oxigraph joins a VALUES list of concepts no
 * faster, and stores cannot range over IRIs by index), so the parts are few.
 */
export function partsFor(store: SparqlStore, expected: number | undefined): number {
  const parts = store.streams ? Math.ceil((expected ?? 0) / ANSWER_ROWS) : Math.ceil((store.quads ?? 0) / QUADS_PER_PART);
  return Math.min(MAX_PARTS, Math.max(1, parts));
}

/** Label rows per answer at most, for a store that streams. */
const ANSWER_ROWS = 1_000_000;

/**
 * Reads `labels.rq` for every concept, in `parts` queries that each take the concepts whose
 * IRI's MD5 falls in one range (one query without a range for one part), and hands each row
 * to `take`, with `progress` called every 100,000 rows. The rows sent are then checked
 * against `expected` (a store that silently caps answers, as Virtuoso does at
 * ResultSetMaxRows and at 2^20 rows whatever it is set to, is caught there): the error says
 * how many parts would fit under the cap seen. Resolves with the rows read.
 * @throws TruncatedAnswerError when fewer rows came than `expected`.
 */
export async function readLabelRows(
  store: SparqlStore,
  queries: QueryCatalog,
  conceptTypes: readonly string[],
  take: (row: IndexRow) => void,
  options: { timeoutMs: number; parts: number; expected?: number | undefined; progress?: (rows: number) => void },
): Promise<number> {
  let rows = 0;
  const takeValues = ([concept, property, value, language]: string[]): void => {
    if (concept === '' || property === '') return;
    take({ concept: concept as string, property: property as string, value: value as string, language: labelLanguage(language as string) });
    if (++rows % 100_000 === 0) options.progress?.(rows);
  };
  const variables = ['concept', 'property', 'value', 'lang'];
  const { parts } = options;
  let sent = 0;
  let largest = 0;
  for (const query of labelQueries(queries, conceptTypes, parts)) {
    const partRows = await store.selectRows(query, variables, takeValues, options.timeoutMs, 'labels');
    sent += partRows;
    largest = Math.max(largest, partRows);
  }
  const { expected } = options;
  if (expected !== undefined && sent < expected) {
    // parts that would each hold three quarters of the most rows one answer brought
    const enough = Math.ceil(expected / Math.max(1, Math.floor(largest * 0.75)));
    throw new TruncatedAnswerError(
      `the store sent ${sent} of the ${expected} label rows it holds, in ${parts} part${parts === 1 ? '' : 's'} of at most ${largest} rows: it cuts answers short`,
      enough <= MAX_PARTS ? enough : undefined,
    );
  }
  return rows;
}

/** The text of the `labels.rq` queries for a read in `parts` parts. */
export function labelQueries(queries: QueryCatalog, conceptTypes: readonly string[], parts: number): string[] {
  const conceptType = conceptTypes.map((type) => rdf.namedNode(type));
  return Array.from({ length: parts }, (_, part) => {
    const [partFrom, partTo] = parts === 1 ? [undefined, undefined] : [rdf.literal(hashBound(part, parts)), rdf.literal(hashBound(part + 1, parts))];
    return bindQuery(queries.template('labels'), { partFrom, partTo, conceptType, concept: undefined });
  });
}

/** Parts at most: each is a pass over every concept. */
const MAX_PARTS = 1024;

/** The bound of part `part` of `parts` over the first four hex digits of an MD5; "g" sorts after them all. */
function hashBound(part: number, parts: number): string {
  const bucket = Math.floor((part * 65536) / parts);
  return bucket >= 65536 ? 'g' : bucket.toString(16).padStart(4, '0');
}

/** Counts the rows `labels.rq` matches: what a full read must bring. */
export async function countLabelRows(store: SparqlStore, queries: QueryCatalog, conceptTypes: readonly string[], timeoutMs: number): Promise<number> {
  const template: SelectQuery = { ...queries.template('labels'), variables: COUNT_VARIABLES };
  const query = bindQuery(template, { partFrom: undefined, partTo: undefined, concept: undefined, conceptType: conceptTypes.map((type) => rdf.namedNode(type)) });
  let rows: number | undefined;
  await store.selectRows(query, ['rows'], ([value]) => (rows = Number(value)), timeoutMs, 'labelCount');
  if (rows === undefined || !Number.isSafeInteger(rows)) throw new Error('the store did not count the label rows');
  return rows;
}

/** The answer of `changes.rq`, in a fixed order: equal answers, unchanged labels (see the query). */
export async function probeChanges(store: SparqlStore, queries: QueryCatalog, timeoutMs: number): Promise<string> {
  const rows: string[] = [];
  await store.selectRows(bindQuery(queries.template('changes'), {}), ['property', 'triples', 'characters'], (values) => void rows.push(values.join(' ')), timeoutMs, 'changes');
  return rows.sort().join('\n');
}
