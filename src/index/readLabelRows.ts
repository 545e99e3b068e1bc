import rdf from '@rdfjs/data-model';
import sparqljs, { type SelectQuery } from 'sparqljs';
import { bindQuery } from '../sparql/bindQuery.js';
import type { QueryCatalog } from '../sparql/QueryCatalog.js';
import type { SparqlStore } from '../store/SparqlStore.js';
import type { IndexRow } from './LabelIndexBuilder.js';

/** Concepts per query when the store builds each answer whole (the embedded one). */
const BATCH = 20_000;

/** What `labels.rq` matches, counted: a cheap sign of change, and the rows a full read must bring. */
export interface LabelCount {
  rows: number;
  /** The length of every value, summed: a label edited in place changes it. */
  characters: number;
}

/** The store sent fewer label rows than it holds: it cuts answers short. */
export class TruncatedAnswerError extends Error {
  override name = 'TruncatedAnswerError';
}

// The aggregates `labels.rq`'s pattern is counted with: the pattern keeps one home.
const COUNT_VARIABLES = (new sparqljs.Parser().parse('SELECT (COUNT(*) AS ?rows) (SUM(STRLEN(STR(?value))) AS ?characters) WHERE {}') as SelectQuery).variables;

/**
 * Reads `labels.rq` for every concept and hands each row to `take`, with `progress` called
 * every 100,000 rows. A store that streams is read in one pass, then its row count is
 * checked against `expected` (a store that silently caps answers, as Virtuoso does at
 * ResultSetMaxRows, is caught there). A store that builds answers whole (the embedded one)
 * is read in batches of concepts, each its own query. Resolves with the rows read.
 * @throws TruncatedAnswerError when fewer rows came than `expected`.
 */
export async function readLabelRows(
  store: SparqlStore,
  queries: QueryCatalog,
  conceptTypes: readonly string[],
  take: (row: IndexRow) => void,
  options: { timeoutMs: number; expected?: number | undefined; progress?: (rows: number) => void },
): Promise<number> {
  const conceptType = conceptTypes.map((type) => rdf.namedNode(type));
  let rows = 0;
  const takeValues = ([concept, property, value, language]: string[]): void => {
    if (concept === '' || property === '') return;
    take({ concept: concept as string, property: property as string, value: value as string, language: (language as string).toLowerCase() });
    if (++rows % 100_000 === 0) options.progress?.(rows);
  };
  const variables = ['concept', 'property', 'value', 'lang'];
  if (store.streams) {
    const query = bindQuery(queries.template('labels'), { concept: undefined, conceptType });
    const sent = await store.selectRows(query, variables, takeValues, options.timeoutMs, 'labels');
    if (options.expected !== undefined && sent < options.expected) {
      throw new TruncatedAnswerError(
        `the store sent ${sent} of the ${options.expected} label rows it holds: it cuts answers short. ` +
          `On Virtuoso, set ResultSetMaxRows in the [SPARQL] section of virtuoso.ini to more than ${options.expected}; ` +
          'elsewhere, raise the store\'s limit on result rows. Until then /search and /suggest ask the store.',
      );
    }
    return rows;
  }
  const concepts: string[] = [];
  await store.selectRows(bindQuery(queries.template('conceptIris'), { conceptType }), ['concept'], ([iri]) => void concepts.push(iri as string), options.timeoutMs, 'conceptIris');
  for (let from = 0; from < concepts.length; from += BATCH) {
    const batch = concepts.slice(from, from + BATCH).map((iri) => rdf.namedNode(iri));
    await store.selectRows(bindQuery(queries.template('labels'), { concept: batch, conceptType }), variables, takeValues, options.timeoutMs, 'labels');
  }
  return rows;
}

/** Counts what `labels.rq` matches, in one aggregate query. */
export async function countLabelRows(store: SparqlStore, queries: QueryCatalog, conceptTypes: readonly string[], timeoutMs: number): Promise<LabelCount> {
  const template: SelectQuery = { ...queries.template('labels'), variables: COUNT_VARIABLES };
  const query = bindQuery(template, { concept: undefined, conceptType: conceptTypes.map((type) => rdf.namedNode(type)) });
  let count: LabelCount | undefined;
  await store.selectRows(query, ['rows', 'characters'], ([rows, characters]) => (count = { rows: Number(rows), characters: Number(characters || 0) }), timeoutMs, 'labelCount');
  if (count === undefined || !Number.isSafeInteger(count.rows)) throw new Error('the store did not count the label rows');
  return count;
}
