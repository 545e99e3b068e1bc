import type { Lookup } from '../lookup/Lookup.js';
import { MATCH_RULES, type MatchRule } from '../domain/matchRules.js';
import { QUERY_PROPERTIES } from './properties.js';
import { readCsv } from './readCsv.js';
import { readQueryBatch } from './readQueryBatch.js';
import type { Reconciler, ReconcileResult } from './Reconciler.js';
import { reasonsOf } from './matchFeatures.js';

/**
 * `skos-lookup calibrate FILE` (docs/openrefine.md, "Calibrating on your own names"): an
 * institution's names with the concepts its cataloguers chose, reconciled as OpenRefine sends
 * them (batches of OPENREFINE_BATCH, the type and properties of each row), under each match
 * rule: how many it would auto-match, how many of those are right, the wrong ones, and the
 * setting that picks each.
 */

/** OpenRefine's reconciliation batch: ten names a request. */
const OPENREFINE_BATCH = 10;

/** How many wrong matches the report lists for each rule. */
const WRONG_SHOWN = 20;

/** One row of the file: the name, the concept chosen for it ('' where there is none), its type and properties. */
export interface LabelledName {
  line: number;
  name: string;
  iri: string;
  type: string | undefined;
  properties: { pid: string; v: string }[];
}

/** A wrong or a missed match, for the report. */
interface Outcome {
  line: number;
  name: string;
  iri: string;
  first: ReconcileResult | undefined;
}

/** What one rule does with the names. */
export interface RuleOutcome {
  rule: MatchRule;
  matched: number;
  right: number;
  wrong: Outcome[];
  /** Names whose first candidate is the chosen concept, matched or not. */
  firstRight: number;
}

/**
 * Reads the file: a header row naming `name` and `iri` (or `id`), optionally `type` (a
 * concept scheme's IRI, or the concept type's) and any of the query properties (`broader`,
 * `scheme`, `notation`, `lang`), each column of a row sent as that property. A row without a
 * name is skipped; an unknown column or a row of the wrong length is an error naming its line.
 */
export function readLabelledNames(text: string): LabelledName[] {
  const [header, ...rows] = readCsv(text);
  if (header === undefined) throw new Error('the file is empty: it needs a header row (name,iri) and rows');
  const columns = header.fields.map((field) => field.trim().toLowerCase());
  const nameAt = columns.indexOf('name');
  const iriAt = columns.includes('iri') ? columns.indexOf('iri') : columns.indexOf('id');
  if (nameAt < 0 || iriAt < 0)
    throw new Error(`line 1: the header must name the columns "name" and "iri" (or "id"), not ${columns.join(',')}`);
  const typeAt = columns.indexOf('type');
  const known = new Set(QUERY_PROPERTIES.map((p) => p.id.toLowerCase()));
  const properties = columns.flatMap((column, i) => {
    if (i === nameAt || i === iriAt || i === typeAt) return [];
    if (!known.has(column))
      throw new Error(`line 1: column "${column}" is no property a query may give (${[...known].join(', ')}), nor name, iri or type`);
    return [{ at: i, pid: QUERY_PROPERTIES.find((p) => p.id.toLowerCase() === column)?.id as string }];
  });
  return rows.flatMap(({ line, fields }) => {
    if (fields.length !== columns.length) throw new Error(`line ${line}: ${fields.length} fields where the header has ${columns.length}`);
    const name = (fields[nameAt] as string).trim();
    if (name === '') return [];
    const type = typeAt < 0 ? '' : (fields[typeAt] as string).trim();
    return [
      {
        line,
        name,
        iri: (fields[iriAt] as string).trim(),
        type: type === '' ? undefined : type,
        properties: properties.flatMap(({ at, pid }) => {
          const v = (fields[at] as string).trim();
          return v === '' ? [] : [{ pid, v }];
        }),
      },
    ];
  });
}

/** The names reconciled under each rule, as OpenRefine sends them. */
export async function calibrate(names: readonly LabelledName[], reconciler: Reconciler): Promise<RuleOutcome[]> {
  const outcomes: RuleOutcome[] = [];
  for (const rule of MATCH_RULES) {
    const outcome: RuleOutcome = { rule, matched: 0, right: 0, wrong: [], firstRight: 0 };
    for (let start = 0; start < names.length; start += OPENREFINE_BATCH) {
      const part = names.slice(start, start + OPENREFINE_BATCH);
      const batch = batchOf(part);
      const answers = await reconciler.answer(batch, rule);
      part.forEach((labelled, i) => {
        const first = answers[`q${i}`]?.[0];
        if (first !== undefined && first.id === labelled.iri) outcome.firstRight++;
        if (first?.match !== true) return;
        outcome.matched++;
        if (first.id === labelled.iri) outcome.right++;
        else outcome.wrong.push({ line: labelled.line, name: labelled.name, iri: labelled.iri, first });
      });
    }
    outcomes.push(outcome);
  }
  return outcomes;
}

/** A batch as OpenRefine sends it, read by the service's own reader; a row it refuses is an error naming its line. */
function batchOf(part: readonly LabelledName[]): ReturnType<typeof readQueryBatch> {
  const queries = Object.fromEntries(
    part.map((labelled, i) => [
      `q${i}`,
      {
        query: labelled.name,
        ...(labelled.type === undefined ? {} : { type: labelled.type, type_strict: 'should' }),
        ...(labelled.properties.length === 0 ? {} : { properties: labelled.properties }),
      },
    ]),
  );
  try {
    return readQueryBatch(JSON.stringify(queries));
  } catch (error) {
    const key = /query "q(\d+)"/.exec(String(error))?.[1];
    const line = key === undefined ? `lines ${part[0]?.line}-${part.at(-1)?.line}` : `line ${part[Number(key)]?.line}`;
    throw new Error(`${line}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The IRIs chosen in the file that are no concept of the vocabulary (they can never be matched), with their lines. */
export async function unknownIris(names: readonly LabelledName[], concepts: Lookup): Promise<LabelledName[]> {
  const iris = [...new Set(names.map((n) => n.iri).filter((iri) => iri !== ''))];
  const known = new Set<string>();
  for (let start = 0; start < iris.length; start += 100)
    for (const concept of await concepts.get(iris.slice(start, start + 100), undefined)) known.add(concept.uri);
  return names.filter((n) => n.iri !== '' && !known.has(n.iri));
}

/** The report: a table of the rules, the rule in force marked, and each rule's wrong matches. */
export function calibrationReport(
  file: string,
  names: readonly LabelledName[],
  outcomes: readonly RuleOutcome[],
  inForce: MatchRule,
  unknown: readonly LabelledName[],
): string {
  const chosen = names.filter((n) => n.iri !== '').length;
  const percent = (part: number, whole: number): string => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)}%`);
  const lines = [
    `calibrate: ${names.length} names from ${file} (${chosen} with the concept chosen, ${names.length - chosen} with none), reconciled as OpenRefine sends them (batches of ${OPENREFINE_BATCH})`,
    ...(unknown.length === 0
      ? []
      : [
          `${unknown.length} names were given an IRI that is no concept of this vocabulary (never matched right): lines ${unknown
            .slice(0, 10)
            .map((n) => n.line)
            .join(', ')}${unknown.length > 10 ? ', ...' : ''}`,
        ]),
    '',
    '| rule | auto-matched | right | wrong | recall | precision | first candidate right | setting |',
    '|---|---|---|---|---|---|---|---|',
    ...outcomes.map(
      (o) =>
        `| ${o.rule}${o.rule === inForce ? ' (in force)' : ''} | ${o.matched} | ${o.right} | ${o.wrong.length} | ${percent(o.right, chosen)} | ${percent(o.right, o.matched)} | ${percent(o.firstRight, chosen)} | RECONCILE_MATCH=${o.rule} |`,
    ),
  ];
  for (const o of outcomes) {
    if (o.wrong.length === 0) continue;
    lines.push(
      '',
      `Wrong matches under ${o.rule}${o.wrong.length > WRONG_SHOWN ? ` (the first ${WRONG_SHOWN} of ${o.wrong.length})` : ''}:`,
    );
    for (const { line, name, iri, first } of o.wrong.slice(0, WRONG_SHOWN))
      lines.push(
        `  line ${line}: "${name}" matched ${first?.id} "${first?.name}" (${first === undefined ? '' : reasonsOf(first, [])}), not ${iri === '' ? 'nothing' : iri}`,
      );
  }
  lines.push(
    '',
    'recall: of the names with a concept chosen, the share auto-matched to it; precision: of the auto-matches, the share that are the concept chosen (a match of a name chosen to have none is wrong).',
  );
  return `${lines.join('\n')}\n`;
}
