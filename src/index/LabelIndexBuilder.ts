import { codePoints } from '../domain/codePoints.js';
import { foldedLabel } from '../domain/foldedLetter.js';
import { DC, DCTERMS, OWL, RDFS, SKOS } from '../domain/namespaces.js';
import { DEPRECATED, LINKED, LISTS, TEXTS, TYPED, emptyLists, type GatheredLists, type UintArray } from './GatheredLists.js';
import { Growable, TextList } from './Growable.js';
import { IriTable } from './IriTable.js';
import { DISPLAY, type LabelIndexData } from './LabelIndexData.js';
import type { BuildReport } from './BuildReport.js';
import { LabelLayout } from './LabelLayout.js';
import { TokenList, type GatheredTokens } from './TokenList.js';
import { SCHEME_TYPED, TOPS_STATED } from './hierarchyLayout.js';

/**
 * What the builder keeps of a triple, by its property: the reads name it by number
 * (`VocabularyProperty`), so no row carries its property's IRI.
 */
export const PROPERTIES = {
  prefLabel: `${SKOS}prefLabel`,
  altLabel: `${SKOS}altLabel`,
  hiddenLabel: `${SKOS}hiddenLabel`,
  rdfsLabel: `${RDFS}label`,
  notation: `${SKOS}notation`,
  inScheme: `${SKOS}inScheme`,
  topConceptOf: `${SKOS}topConceptOf`,
  hasTopConcept: `${SKOS}hasTopConcept`,
  broader: `${SKOS}broader`,
  narrower: `${SKOS}narrower`,
  related: `${SKOS}related`,
  scopeNote: `${SKOS}scopeNote`,
  /** dcterms:title: a scheme's label where it has no prefLabel nor rdfs:label (/schemes). */
  title: `${DCTERMS}title`,
  /** dc:title (Dublin Core elements 1.1), as dcterms:title: many SKOS files title their schemes with it. */
  dcTitle: `${DC}title`,
  deprecated: `${OWL}deprecated`,
  isReplacedBy: `${DCTERMS}isReplacedBy`,
} as const;
export type VocabularyProperty = keyof typeof PROPERTIES;
const PROPERTY_OF_IRI = new Map<string, VocabularyProperty>(
  Object.entries(PROPERTIES).map(([name, iri]) => [iri, name as VocabularyProperty]),
);
/** The properties whose values are literals in well-formed data (the rows of `labels.rq` do not say). */
const LITERAL_VALUED = new Set<VocabularyProperty>([
  'prefLabel',
  'altLabel',
  'hiddenLabel',
  'rdfsLabel',
  'notation',
  'scopeNote',
  'title',
  'dcTitle',
  'deprecated',
]);

/** What a builder gathered, in transferable form (see `LabelIndexBuilder.toState`). */
export interface BuilderState {
  defaultLang: string;
  weights: Map<string, number> | undefined;
  entailment: boolean;
  languages: string[];
  schemes: string[];
  iris: { text: Uint8Array; offsets: Uint32Array };
  lists: Record<string, UintArray>;
  texts: Record<string, { text: Uint8Array; offsets: Uint32Array }>;
  displayText: GatheredTokens;
  entryText: GatheredTokens;
  rows: number;
}

/** One row of `labels.rq`: `language` lower case, "" for none; for IRIs (schemes) the IRI. */
export interface IndexRow {
  concept: string;
  property: string;
  value: string;
  language: string;
}

/**
 * Gathers a vocabulary's triples as they stream in, into typed arrays and byte buffers (no
 * object per row, every IRI once in an `IriTable`), then decides which resources are
 * concepts and lays their labels out as a `LabelIndexData`. Triples may come in any order,
 * from any number of reads, more than once. A resource is a concept when it has a concept
 * type (`typed`), or, with `entailment`, when it is the subject or object of skos:broader,
 * skos:narrower or skos:related, or skos:topConceptOf a scheme (the SKOS reference gives
 * those properties skos:Concept as domain and range); and it is neither deprecated
 * (owl:deprecated true or 1, or dcterms:isReplacedBy) nor a resource no query can name.
 */
export class LabelIndexBuilder {
  /** What is gathered, laid out by `build` (LabelLayout.ts). */
  private readonly lists: GatheredLists = emptyLists();
  private readonly languageIds = new Map<string, number>();
  private readonly schemeIds = new Map<string, number>();
  /** Rows taken. */
  rows = 0;
  /** What the last `build` found. */
  report: BuildReport | undefined;

  /**
   * `defaultLang`: the configured default language (lower case), whose prefLabel is a
   * tie-break (ranking.ts); `weights`: an institution's own counts by concept URI
   * (CONCEPT_WEIGHTS), part of the standing; `entailment`: SKOS_ENTAILMENT.
   */
  constructor(
    private readonly defaultLang: string,
    private readonly weights?: ReadonlyMap<string, number>,
    private readonly entailment = false,
  ) {}

  /**
   * What the builder gathered, as typed arrays (to transfer, not copy) and plain values: a
   * worker thread lays them out (`fromState`, then `build`), so that the minute a large
   * vocabulary takes to sort never stops the service answering. The builder is spent.
   */
  toState(): BuilderState {
    const fields = this.lists as unknown as Record<string, Growable<UintArray> | TextList>;
    const lists = Object.fromEntries(LISTS.map(([name]) => [name, (fields[name] as Growable<UintArray>).take()]));
    const texts = Object.fromEntries(TEXTS.map((name) => [name, (fields[name] as TextList).take()]));
    return {
      defaultLang: this.defaultLang,
      weights: this.weights === undefined ? undefined : new Map(this.weights),
      entailment: this.entailment,
      languages: this.lists.languages,
      schemes: this.lists.schemes,
      iris: this.lists.iris.take(),
      lists,
      texts,
      displayText: this.lists.displayText.take(),
      entryText: this.lists.entryText.take(),
      rows: this.rows,
    };
  }

  /**
   * A builder holding what `toState` handed over, ready to `build`. The state is emptied:
   * the builder alone holds the arrays, so that each goes as soon as `build` has read it (a
   * state still held by its caller would keep every one of them to the end of the build).
   */
  static fromState(state: BuilderState): LabelIndexBuilder {
    const builder = new LabelIndexBuilder(state.defaultLang, state.weights, state.entailment);
    const fields = builder.lists as unknown as Record<string, unknown>;
    for (const [name, type] of LISTS) fields[name] = Growable.of(type as new (length: number) => UintArray, state.lists[name] as UintArray);
    for (const name of TEXTS)
      fields[name] = TextList.of((state.texts[name] as { text: Uint8Array }).text, (state.texts[name] as { offsets: Uint32Array }).offsets);
    fields.iris = IriTable.of(state.iris.text, state.iris.offsets);
    fields.displayText = TokenList.of(state.displayText);
    fields.entryText = TokenList.of(state.entryText);
    state.lists = {};
    state.texts = {};
    state.displayText = new TokenList().take();
    state.entryText = new TokenList().take();
    state.iris = { text: new Uint8Array(0), offsets: new Uint32Array(0) };
    builder.lists.languages.push(...state.languages);
    builder.lists.schemes.push(...state.schemes);
    builder.rows = state.rows;
    return builder;
  }

  /** The resource has one of the concept types. */
  typed(iri: string): void {
    this.rows++;
    this.flag(this.resource(iri), TYPED);
  }

  /** The resource is typed skos:ConceptScheme. */
  schemeTyped(iri: string): void {
    this.rows++;
    if (isBlankNode(iri)) return;
    const scheme = this.scheme(iri);
    this.lists.schemeFlags.raw[scheme] = (this.lists.schemeFlags.raw[scheme] as number) | SCHEME_TYPED;
  }

  /**
   * Every resource typed so far is in `scheme`, as if each had a `skos:inScheme` triple naming
   * it: where the store told that every concept is in that one scheme and nothing else in any
   * (`soleScheme.rq`), instead of sending ten million triples that say so.
   */
  everyTypedIn(scheme: string): void {
    const id = this.scheme(scheme);
    const flags = this.lists.flags.raw;
    for (let resource = 0; resource < this.lists.flags.length; resource++) {
      if (((flags[resource] as number) & TYPED) === 0) continue;
      this.lists.memberConcept.push(resource);
      this.lists.memberScheme.push(id);
    }
  }

  /**
   * A triple `subject property object`; `language` lower case ("" for none), `literal`
   * whether the object is one. Triples whose value has the wrong kind (a label that is an
   * IRI, a scheme that is a literal) are kept as they come: stores hold such data, and the
   * queries of the store path read it the same way.
   */
  triple(property: VocabularyProperty, subject: string, object: string, language: string, literal: boolean): void {
    this.rows++;
    const id = this.resource(subject);
    switch (property) {
      case 'prefLabel':
      case 'altLabel':
      case 'hiddenLabel': {
        const lang = this.language(language);
        this.lists.entryConcept.push(id);
        this.lists.entryAlt.push(property === 'prefLabel' ? 0 : 1);
        this.lists.entryLanguage.push(lang);
        this.lists.entryLength.push(codePoints(object));
        this.lists.entryText.push(foldedLabel(object));
        if (literal && property !== 'hiddenLabel') this.display(id, DISPLAY[property], lang, object);
        return;
      }
      case 'rdfsLabel':
      case 'scopeNote':
      case 'title':
        if (literal) this.display(id, DISPLAY[property], this.language(language), object);
        return;
      case 'dcTitle':
        if (literal) this.display(id, DISPLAY.title, this.language(language), object);
        return;
      case 'notation':
        if (!literal) return;
        this.lists.notationConcept.push(id);
        this.lists.notationText.push(object);
        return;
      case 'topConceptOf':
      case 'inScheme': {
        if (property === 'topConceptOf') this.flag(id, LINKED);
        if (literal || isBlankNode(object)) return; // no scheme a request can name, nor a result show
        this.lists.memberConcept.push(id);
        const scheme = this.scheme(object);
        this.lists.memberScheme.push(scheme);
        if (property === 'topConceptOf') this.top(scheme, id);
        return;
      }
      case 'hasTopConcept':
        // the scheme is the subject; it makes no concept a member (API.md: skos:inScheme and skos:topConceptOf do)
        if (literal || isBlankNode(subject)) return;
        this.top(this.scheme(subject), this.resource(object));
        return;
      case 'broader':
      case 'narrower':
      case 'related': {
        if (literal) return;
        const to = this.resource(object);
        this.flag(id, LINKED);
        this.flag(to, LINKED);
        this.lists.linkFrom.push(id);
        this.lists.linkTo.push(to);
        this.lists.linkKind.push(property === 'broader' ? 0 : property === 'narrower' ? 1 : 2);
        return;
      }
      case 'deprecated':
        if (object === 'true' || object === '1') this.flag(id, DEPRECATED);
        return;
      case 'isReplacedBy':
        this.flag(id, DEPRECATED);
        return;
    }
  }

  /**
   * One row of `labels.rq` (the store path's candidates: concepts, each row about one of
   * them): the concept is typed, and the row is its triple. A `skos:narrower` row may stand
   * for `?value skos:broader ?concept`, which counts the same.
   */
  add(row: IndexRow): void {
    this.typed(row.concept);
    this.rows--;
    const property = PROPERTY_OF_IRI.get(row.property);
    if (property !== undefined) this.triple(property, row.concept, row.value, row.language, LITERAL_VALUED.has(property));
  }

  /**
   * Lays the rows out (LabelLayout.ts); the builder is spent afterwards. `collect`, where the
   * caller has one (the layout worker: a garbage collection), runs between the layout's steps.
   */
  build(collect: () => void = () => {}): LabelIndexData {
    const { data, report } = new LabelLayout(this.lists, this.defaultLang, this.weights, this.entailment).build(collect);
    this.report = report;
    return data;
  }

  /** The resource's number, given at its first sight. */
  private resource(iri: string): number {
    const id = this.lists.iris.id(iri);
    if (id === this.lists.flags.length) this.lists.flags.push(0);
    return id;
  }

  /** A scheme's number, the scheme numbered when it is new. */
  private scheme(iri: string): number {
    let scheme = this.schemeIds.get(iri);
    if (scheme === undefined) {
      scheme = this.lists.schemes.length;
      this.lists.schemes.push(iri);
      this.schemeIds.set(iri, scheme);
      this.lists.schemeResource.push(this.resource(iri));
      this.lists.schemeFlags.push(0);
    }
    return scheme;
  }

  /** The data states that a resource is a top concept of a scheme. */
  private top(scheme: number, resource: number): void {
    this.lists.topScheme.push(scheme);
    this.lists.topResource.push(resource);
    this.lists.schemeFlags.raw[scheme] = (this.lists.schemeFlags.raw[scheme] as number) | TOPS_STATED;
  }

  private flag(id: number, flag: number): void {
    this.lists.flags.raw[id] = (this.lists.flags.raw[id] as number) | flag;
  }

  private language(tag: string): number {
    let id = this.languageIds.get(tag);
    if (id === undefined) {
      id = this.lists.languages.length;
      if (id > 0xffff) throw new RangeError('more than 65,536 language tags');
      this.lists.languages.push(tag);
      this.languageIds.set(tag, id);
    }
    return id;
  }

  private display(concept: number, kind: number, language: number, value: string): void {
    this.lists.displayConcept.push(concept);
    this.lists.displayKind.push(kind);
    this.lists.displayLanguage.push(language);
    this.lists.displayText.push(value);
  }
}
/** Whether a resource as read (`NTriplesRows`) is a blank node: no query can name it, no result shows it. */
export function isBlankNode(resource: string): boolean {
  return resource.startsWith('_:');
}
