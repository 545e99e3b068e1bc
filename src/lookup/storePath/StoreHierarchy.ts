import rdf from '@rdfjs/data-model';
import type { Term } from '@rdfjs/types';
import { browseKey, compareBrowse, type BrowseKey } from '../../domain/browseOrder.js';
import { chooseLabel, type Label } from '../../domain/chooseLabel.js';
import { compareCodePoints } from '../../domain/compareCodePoints.js';
import { isRdfIri } from '../../domain/iri.js';
import { labelLanguage } from '../../domain/labelLanguage.js';
import { DC, DCTERMS, RDFS, SKOS } from '../../domain/namespaces.js';
import { lastSegmentOf } from '../../domain/localNames.js';
import { bindQuery } from '../../sparql/bindQuery.js';
import { sortedInTurns, Turns } from '../../Turns.js';
import type { QueryCatalog } from '../../sparql/QueryCatalog.js';
import type { Bindings, SparqlStore } from '../../store/SparqlStore.js';
import {
  MAX_ANCESTORS,
  compareSchemes,
  narrowerShown,
  type ConceptFields,
  type Field,
  type Related,
  type SchemeSummary,
} from '../../domain/Concept.js';

/** A concept of a browsing list: what it shows as a Related, and its place. */
export interface Placed extends Related {
  key: BrowseKey;
}

/** The notations and labels of a resource, as the browsing queries' rows give them. */
class PlaceRows {
  readonly notations: string[] = [];
  readonly pref: Label[] = [];
  readonly rdfs: Label[] = [];
  readonly title: Label[] = [];

  add(row: Bindings): void {
    const value = row.value;
    if (value?.termType !== 'Literal') return;
    const property = row.property?.value;
    if (property === `${SKOS}notation`) this.notations.push(value.value);
    else {
      const label = { value: value.value, language: labelLanguage(value.language) };
      if (property === `${SKOS}prefLabel`) this.pref.push(label);
      else if (property === `${RDFS}label`) this.rdfs.push(label);
      else if (property === `${DCTERMS}title` || property === `${DC}title`) this.title.push(label);
    }
  }

  label(lang: string): string {
    return chooseLabel(this.pref, lang) ?? chooseLabel(this.rdfs, lang) ?? chooseLabel(this.title, lang) ?? '';
  }

  placed(uri: string, lang: string): Placed {
    const label = this.label(lang);
    return { label, uri, key: browseKey(uri, this.notations, label) };
  }
}

/**
 * The hierarchy read from the store (LABEL_INDEX=off, or while the index is built): /schemes,
 * /top, /narrower and the fields that walk it (`ancestors`, `narrower`, `narrowerCount`),
 * by `narrower.rq`, `broaderConcepts.rq`, `topConcepts.rq`, `implicitTop.rq`, `schemeList.rq`,
 * `schemeConcepts.rq`, `schemeLanguages.rq` and `schemeTops.rq`. Lists are sorted here, by the same rule as the index's
 * (domain/browseOrder.ts). Rejects as the store does.
 */
export class StoreHierarchy {
  constructor(
    private readonly store: SparqlStore,
    private readonly queries: QueryCatalog,
    private readonly conceptTypes: readonly Term[],
  ) {}

  /** The concepts one level below each of `uris`, in browsing order; `timeoutMs`: as the store's `select` takes it. */
  narrowerOf(uris: readonly string[], lang: string, timeoutMs?: number): Promise<Map<string, Placed[]>> {
    return this.linked('narrower', uris, lang, timeoutMs);
  }

  /** The top concepts of a scheme (stated, or else implicit: API.md), in browsing order. */
  async top(scheme: string, lang: string, timeoutMs?: number): Promise<Placed[]> {
    if (!isRdfIri(scheme)) return [];
    const bindings = { scheme: rdf.namedNode(scheme), conceptType: this.conceptTypes };
    // implicitTop.rq answers nothing where topConcepts.rq may answer: one of them is empty
    const [stated, implicit] = await Promise.all(
      (['topConcepts', 'implicitTop'] as const).map((name) =>
        this.store.select(bindQuery(this.queries.template(name), bindings), name, timeoutMs),
      ),
    );
    return sorted(await grouped([...(stated as Bindings[]), ...(implicit as Bindings[])], 'concept'), lang);
  }

  /** The IRIs of the concept schemes (`schemeList.rq`, its labels left aside): what /top names a scheme by. */
  async schemeIris(timeoutMs?: number): Promise<string[]> {
    const rows = await this.store.select(
      bindQuery(this.queries.template('schemeList'), { conceptType: this.conceptTypes }),
      'schemeList',
      timeoutMs,
    );
    return [
      ...new Set(rows.flatMap((row) => (row.scheme?.termType === 'NamedNode' && isRdfIri(row.scheme.value) ? [row.scheme.value] : []))),
    ];
  }

  /** /schemes, read from the store: each scheme's label, concepts, top concepts and languages, in four queries whatever the number of schemes, the counting done by the store. */
  async schemes(lang: string, timeoutMs?: number): Promise<SchemeSummary[]> {
    const bindings = { conceptType: this.conceptTypes };
    const [labelRows, conceptRows, languageRows, topRows] = await Promise.all(
      (['schemeList', 'schemeConcepts', 'schemeLanguages', 'schemeTops'] as const).map((name) =>
        this.store.select(bindQuery(this.queries.template(name), bindings), name, timeoutMs),
      ),
    );
    const concepts = countsOf(conceptRows as Bindings[], 'concepts');
    const tops = countsOf(topRows as Bindings[], 'tops');
    const languages = new Map<string, string[]>();
    for (const row of languageRows as Bindings[]) {
      if (row.scheme?.termType !== 'NamedNode' || row.language === undefined || row.language.value === '') continue;
      const list = languages.get(row.scheme.value);
      if (list === undefined) languages.set(row.scheme.value, [row.language.value]);
      else list.push(row.language.value);
    }
    return [...(await grouped(labelRows as Bindings[], 'scheme'))]
      .filter(([uri]) => isRdfIri(uri))
      .map(([uri, rows]): SchemeSummary => ({
        uri,
        // a scheme with no label is named by its IRI's last segment, never ""
        prefLabel: rows.label(lang) || lastSegmentOf(uri),
        concepts: concepts.get(uri) ?? 0,
        topConcepts: tops.get(uri) ?? 0,
        languages: [...new Set(languages.get(uri))].sort(compareCodePoints),
      }))
      .sort(compareSchemes);
  }

  /** The fields that walk the hierarchy, of each of `uris` (asked only for those named in `fields`). */
  async fieldsOf(uris: readonly string[], lang: string, fields: ReadonlySet<Field>): Promise<Map<string, ConceptFields>> {
    const [below, ancestors] = await Promise.all([
      fields.has('narrower') || fields.has('narrowerCount') ? this.narrowerOf(uris, lang) : undefined,
      fields.has('ancestors') ? this.ancestors(uris, lang) : undefined,
    ]);
    return new Map(
      uris.map((uri) => {
        const found: ConceptFields = {};
        if (ancestors !== undefined) found.ancestors = ancestors.get(uri) ?? [];
        const list = below?.get(uri) ?? [];
        if (fields.has('narrower')) found.narrower = list.slice(0, narrowerShown(uris.length)).map(related);
        if (fields.has('narrowerCount')) found.narrowerCount = list.length;
        return [uri, found];
      }),
    );
  }

  /**
   * Each concept's ancestors (API.md): its first broader concept in browsing order, then that
   * one's, up to one with none, or one met before, or MAX_ANCESTORS levels; top first. One
   * store query a level, for all the concepts at once.
   */
  private async ancestors(uris: readonly string[], lang: string): Promise<Map<string, Related[]>> {
    const walks = new Map(uris.map((uri) => [uri, { at: uri, seen: new Set([uri]), path: [] as Related[], done: false }]));
    for (let level = 0; level < MAX_ANCESTORS; level++) {
      const open = [...walks.values()].filter((walk) => !walk.done);
      if (open.length === 0) break;
      const above = await this.linked('broader', [...new Set(open.map((walk) => walk.at))], lang);
      for (const walk of open) {
        const first = above.get(walk.at)?.[0];
        if (first === undefined || walk.seen.has(first.uri)) {
          walk.done = true;
          continue;
        }
        walk.seen.add(first.uri);
        walk.path.push(related(first));
        walk.at = first.uri;
      }
    }
    return new Map([...walks].map(([uri, walk]) => [uri, walk.path.reverse()]));
  }

  /** The concepts one level below (`narrower.rq`) or above (`broaderConcepts.rq`) each of `uris`, in browsing order. */
  private async linked(
    direction: 'narrower' | 'broader',
    uris: readonly string[],
    lang: string,
    timeoutMs?: number,
  ): Promise<Map<string, Placed[]>> {
    const from = [...new Set(uris)].filter(isRdfIri);
    if (from.length === 0) return new Map();
    const name = direction === 'narrower' ? 'narrower' : 'broaderConcepts';
    const query = bindQuery(this.queries.template(name), { from: from.map((uri) => rdf.namedNode(uri)), conceptType: this.conceptTypes });
    const byFrom = new Map<string, Bindings[]>();
    for (const row of await this.store.select(query, name, timeoutMs)) {
      if (row.from?.termType !== 'NamedNode') continue;
      const rows = byFrom.get(row.from.value);
      if (rows === undefined) byFrom.set(row.from.value, [row]);
      else rows.push(row); // in place: a copy for each row made 20,000 children 13 s of this thread
    }
    const lists = new Map<string, Placed[]>();
    for (const [uri, rows] of byFrom) lists.set(uri, await sorted(await grouped(rows, 'concept'), lang));
    return lists;
  }
}

/** Per scheme, the number in `variable` of rows that count something for each scheme. */
function countsOf(rows: readonly Bindings[], variable: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows)
    if (row.scheme?.termType === 'NamedNode' && row[variable] !== undefined) counts.set(row.scheme.value, Number(row[variable].value));
  return counts;
}

/** A Related of a placed concept. */
function related({ label, uri }: Placed): Related {
  return { label, uri };
}

/** Rows grouped by the IRI in `variable`, in slices (Turns): a list of 50,000 concepts is some 150,000 rows. */
async function grouped(rows: readonly Bindings[], variable: string): Promise<Map<string, PlaceRows>> {
  const turns = new Turns();
  const byUri = new Map<string, PlaceRows>();
  for (let i = 0; i < rows.length; i++) {
    if ((i & 255) === 255) await turns.pass();
    const row = rows[i] as Bindings;
    const term = row[variable];
    if (term?.termType !== 'NamedNode' || !isRdfIri(term.value)) continue;
    let place = byUri.get(term.value);
    if (place === undefined) byUri.set(term.value, (place = new PlaceRows()));
    place.add(row);
  }
  return byUri;
}

/** The places in browsing order: each placed (its label chosen and folded) in slices, then sorted. */
async function sorted(places: Map<string, PlaceRows>, lang: string): Promise<Placed[]> {
  const turns = new Turns();
  const list: Placed[] = [];
  for (const [uri, place] of places) {
    list.push(place.placed(uri, lang));
    if ((list.length & 255) === 0) await turns.pass();
  }
  return sortedInTurns(list, (a, b) => compareBrowse(a.key, b.key));
}
