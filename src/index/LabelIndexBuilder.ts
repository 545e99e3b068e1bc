import { chooseLabel } from '../domain/chooseLabel.js';
import { codePoints } from '../domain/codePoints.js';
import { filingForm } from '../domain/filingForm.js';
import { foldedLabel } from '../domain/foldedLetter.js';
import { withinTierKey } from '../domain/ranking.js';
import { standingOf } from '../domain/standing.js';
import { DCTERMS, OWL, RDFS, SKOS } from '../domain/namespaces.js';
import { isRdfIri } from '../domain/iri.js';
import { IriTable } from './IriTable.js';
import { Growable, TextList, mapped, picked, reorderList, reorderText } from './Growable.js';
import { DISPLAY, type LabelIndexData } from './LabelIndexData.js';
import {
  DEPRECATED_CONCEPT,
  SCHEME_TYPED,
  TOPS_STATED,
  narrowerLists,
  schemeSummaries,
  sortListsBy,
  topLists,
  shownBrowseOrder,
} from './hierarchyLayout.js';
import { LinkLists } from './LinkLists.js';
import { groupBy, identity, keptItems } from './groupBy.js';
import { radixOrder } from './radixOrder.js';
import { wordPostings } from './wordPostings.js';
import { sortByBytes, sortByBytesThenId } from './sortByBytes.js';

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
  'deprecated',
]);

type UintArray = Uint8Array | Uint16Array | Uint32Array;

/** The builder's lists of numbers, by field name, with their types. */
const LISTS = [
  ['flags', Uint8Array],
  ['entryConcept', Uint32Array],
  ['entryAlt', Uint8Array],
  ['entryLanguage', Uint16Array],
  ['entryLength', Uint32Array],
  ['displayConcept', Uint32Array],
  ['displayKind', Uint8Array],
  ['displayLanguage', Uint16Array],
  ['notationConcept', Uint32Array],
  ['memberConcept', Uint32Array],
  ['memberScheme', Uint32Array],
  ['schemeResource', Uint32Array],
  ['linkFrom', Uint32Array],
  ['linkTo', Uint32Array],
  ['linkKind', Uint8Array],
  ['topScheme', Uint32Array],
  ['topResource', Uint32Array],
  ['schemeFlags', Uint8Array],
] as const;
/** The builder's text lists, by field name. */
const TEXTS = ['entryText', 'displayText', 'notationText'] as const;

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
  rows: number;
}

/** A key after every `withinTierKey` (which stays below 2^47): the labels of resources that are no concept. */
const LAST_KEY = 2 ** 47;

/** Resource flags. */
const TYPED = 1;
const DEPRECATED = 2;
/** Subject or object of skos:broader, skos:narrower or skos:related, or skos:topConceptOf a scheme. */
const LINKED = 4;

/** One row of `labels.rq`: `language` lower case, "" for none; for IRIs (schemes) the IRI. */
export interface IndexRow {
  concept: string;
  property: string;
  value: string;
  language: string;
}

/** What a build found, for the start's log line and /ready. */
export interface BuildReport {
  concepts: number;
  /** Matchable labels (prefLabel, altLabel, hiddenLabel) of the concepts. */
  labels: number;
  /** Labels by language ("" for none), largest first. */
  labelsByLanguage: Array<[string, number]>;
  schemes: number;
  /** Resources that would be concepts but are deprecated. */
  deprecated: number;
  /** Resources that would be concepts but no query can name (blank nodes, IRIs that IRI validation refuses); the first few. */
  refused: { count: number; first: string[] };
  /** Concepts that are so only by SKOS's own semantics (SKOS_ENTAILMENT), not by a concept type. */
  entailed: number;
  /** Resources with a SKOS label, concept or not. */
  labelled: number;
  /** Without SKOS_ENTAILMENT: labelled resources that are no concept but would be with it (linked by SKOS relations, untyped). */
  wouldEntail: number;
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
  private readonly iris = new IriTable();
  private readonly flags = new Growable(Uint8Array);
  private readonly languages: string[] = [];
  private readonly languageIds = new Map<string, number>();
  private readonly schemes: string[] = [];
  private readonly schemeIds = new Map<string, number>();

  // matchable labels (prefLabel, altLabel, hiddenLabel)
  private readonly entryConcept = new Growable(Uint32Array);
  private readonly entryAlt = new Growable(Uint8Array);
  private readonly entryLanguage = new Growable(Uint16Array);
  private readonly entryLength = new Growable(Uint32Array);
  private readonly entryText = new TextList();
  // labels and notes to show (DISPLAY: prefLabel, rdfs:label, altLabel, scopeNote), literals only
  private readonly displayConcept = new Growable(Uint32Array);
  private readonly displayKind = new Growable(Uint8Array);
  private readonly displayLanguage = new Growable(Uint16Array);
  private readonly displayText = new TextList();
  private readonly notationConcept = new Growable(Uint32Array);
  private readonly notationText = new TextList();
  private readonly memberConcept = new Growable(Uint32Array);
  private readonly memberScheme = new Growable(Uint32Array);
  /** Per scheme number, the scheme's resource number (its labels are shown). */
  private readonly schemeResource = new Growable(Uint32Array);
  // skos:broader, skos:narrower and skos:related, as stated: (from, to, kind 0 broader / 1 narrower / 2 related)
  private readonly linkFrom = new Growable(Uint32Array);
  private readonly linkTo = new Growable(Uint32Array);
  private readonly linkKind = new Growable(Uint8Array);
  // top concepts as stated (skos:topConceptOf, skos:hasTopConcept): scheme number, resource
  private readonly topScheme = new Growable(Uint32Array);
  private readonly topResource = new Growable(Uint32Array);
  /** Per scheme number: SCHEME_TYPED, TOPS_STATED. */
  private readonly schemeFlags = new Growable(Uint8Array);
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
    const fields = this as unknown as Record<string, Growable<UintArray> | TextList>;
    const lists = Object.fromEntries(LISTS.map(([name]) => [name, (fields[name] as Growable<UintArray>).take()]));
    const texts = Object.fromEntries(TEXTS.map((name) => [name, (fields[name] as TextList).take()]));
    return {
      defaultLang: this.defaultLang,
      weights: this.weights === undefined ? undefined : new Map(this.weights),
      entailment: this.entailment,
      languages: this.languages,
      schemes: this.schemes,
      iris: this.iris.take(),
      lists,
      texts,
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
    const fields = builder as unknown as Record<string, unknown>;
    for (const [name, type] of LISTS) fields[name] = Growable.of(type as new (length: number) => UintArray, state.lists[name] as UintArray);
    for (const name of TEXTS)
      fields[name] = TextList.of((state.texts[name] as { text: Uint8Array }).text, (state.texts[name] as { offsets: Uint32Array }).offsets);
    fields.iris = IriTable.of(state.iris.text, state.iris.offsets);
    state.lists = {};
    state.texts = {};
    state.iris = { text: new Uint8Array(0), offsets: new Uint32Array(0) };
    builder.languages.push(...state.languages);
    builder.schemes.push(...state.schemes);
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
    this.schemeFlags.raw[scheme] = (this.schemeFlags.raw[scheme] as number) | SCHEME_TYPED;
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
        this.entryConcept.push(id);
        this.entryAlt.push(property === 'prefLabel' ? 0 : 1);
        this.entryLanguage.push(lang);
        this.entryLength.push(codePoints(object));
        this.entryText.push(foldedLabel(object));
        if (literal && property !== 'hiddenLabel') this.display(id, DISPLAY[property], lang, object);
        return;
      }
      case 'rdfsLabel':
      case 'scopeNote':
      case 'title':
        if (literal) this.display(id, DISPLAY[property], this.language(language), object);
        return;
      case 'notation':
        if (!literal) return;
        this.notationConcept.push(id);
        this.notationText.push(object);
        return;
      case 'topConceptOf':
      case 'inScheme': {
        if (property === 'topConceptOf') this.flag(id, LINKED);
        if (literal || isBlankNode(object)) return; // no scheme a request can name, nor a result show
        this.memberConcept.push(id);
        const scheme = this.scheme(object);
        this.memberScheme.push(scheme);
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
        this.linkFrom.push(id);
        this.linkTo.push(to);
        this.linkKind.push(property === 'broader' ? 0 : property === 'narrower' ? 1 : 2);
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
   * Lays the rows out; the builder is spent afterwards. `collect`, where the caller has one
   * (the layout worker: a garbage collection), runs between the steps, when the rows a step
   * read are no longer held: each step's input goes before the next step's output comes.
   */
  build(collect: () => void = () => {}): LabelIndexData {
    // Each step's input is let go as soon as the step has made its output (a helper's
    // locals, a list `take()`n), and `collect` runs where much has been let go: the build's
    // peak is then its output and the step at hand, not everything it ever read.
    const { conceptCount, rank, concepts, shown } = this.numberResources();
    collect();
    const { display, displayTexts, displayKinds, displayLanguages } = this.displayLabels(shown.count, shown.rank);
    collect();
    const isConcept = (s: number): boolean =>
      s < conceptCount || ((shown.otherFlags[s - conceptCount] as number) & DEPRECATED_CONCEPT) !== 0;
    const { links, standing } = this.linksAndStandings(
      conceptCount,
      rank,
      shown,
      isConcept,
      { offsets: display.offsets, kinds: displayKinds, languages: displayLanguages },
      concepts,
    );
    const tie = this.ties(conceptCount, display.offsets, displayKinds, displayLanguages, displayTexts);
    collect();
    const entries = this.entries(rank, standing, tie, collect);
    collect();
    const report = this.report as BuildReport;
    report.labels = entries.concept.length;
    report.labelsByLanguage = countByLanguage(entries.language, this.languages);
    const textOrder = identity(entries.concept.length);
    sortByBytes(entries.text, entries.textOffsets, textOrder);
    const filingOrder = this.filingOrder(entries);
    const words = wordPostings(entries.text, entries.textOffsets);
    collect();
    const member = this.memberships(conceptCount, rank);
    const conceptSchemes = member.schemes;
    const { notations, notationConceptNumbers, conceptNotations } = this.notations(conceptCount, rank);
    collect();
    const schemeResource = this.schemeResource.take();
    const schemeFlags = this.schemeFlags.take();
    const tops = topLists(
      schemeFlags,
      { scheme: this.topScheme.take(), resource: this.topResource.take() },
      rank,
      conceptCount,
      { offsets: member.offsets, to: conceptSchemes },
      links.broader,
    );
    const below = narrowerLists(shown.count, conceptCount, links.broader, isConcept);
    // the browsing lists in the default language's order: a page of them is a slice
    const browsing = shownBrowseOrder(
      conceptCount,
      { offsets: display.offsets, kinds: displayKinds, languages: displayLanguages, texts: displayTexts },
      this.languages,
      this.defaultLang,
      {
        text: notations.text,
        offsets: notations.offsets,
        conceptOffsets: conceptNotations.offsets,
        conceptNotations: conceptNotations.order,
      },
    );
    sortListsBy(tops, browsing);
    sortListsBy(below, browsing);
    const schemeMembers = schemeSummaries(
      this.schemes.length,
      { offsets: member.offsets, to: conceptSchemes },
      { offsets: display.offsets, kinds: displayKinds, languages: displayLanguages },
    );
    collect();

    return {
      languages: this.languages,
      schemes: this.schemes,
      arrays: {
        conceptText: concepts.text,
        conceptOffsets: concepts.offsets,
        conceptSchemeOffsets: member.offsets,
        conceptSchemes,
        displayOffsets: display.offsets,
        displayKind: displayKinds,
        displayLanguage: displayLanguages,
        displayText: displayTexts.text,
        displayTextOffsets: displayTexts.offsets,
        entryConcept: entries.concept,
        entryLanguage: entries.language,
        entryLength: entries.length,
        entryText: entries.text,
        entryTextOffsets: entries.textOffsets,
        textOrder,
        filingOrder,
        wordText: words.text,
        wordOffsets: words.offsets,
        postingOffsets: words.postingOffsets,
        postings: words.postings,
        notationText: notations.text,
        notationOffsets: notations.offsets,
        notationConcept: notationConceptNumbers,
        conceptNotationOffsets: conceptNotations.offsets,
        conceptNotations: conceptNotations.order,
        otherText: shown.others.text,
        otherOffsets: shown.others.offsets,
        relatedOffsets: links.related.offsets,
        related: links.related.to,
        broaderOffsets: links.broader.offsets,
        broader: links.broader.to,
        schemeResource: mapped(Uint32Array, schemeResource, (resource) => shown.rank[resource] as number),
        schemeFlags,
        schemeTopOffsets: tops.offsets,
        schemeTops: tops.to,
        narrowerOffsets: below.offsets,
        narrower: below.to,
        otherFlags: shown.otherFlags,
        schemeConcepts: schemeMembers.concepts,
        schemeLanguageOffsets: schemeMembers.languages.offsets,
        schemeLanguages: schemeMembers.languages.to,
      },
    };
  }

  /** Per concept, a range of `schemes`: the schemes it is in, by number. */
  private memberships(conceptCount: number, rank: Int32Array): { offsets: Uint32Array; schemes: Uint32Array } {
    const member = groupBy(conceptCount, this.memberConcept.take(), rank);
    const memberScheme = this.memberScheme.take();
    return { offsets: member.offsets, schemes: mapped(Uint32Array, member.order, (i) => memberScheme[i] as number) };
  }

  /** The concepts' notations in byte order, each with its concept, and per concept the numbers of its own. */
  private notations(
    conceptCount: number,
    rank: Int32Array,
  ): {
    notations: { text: Uint8Array; offsets: Uint32Array };
    notationConceptNumbers: Uint32Array;
    conceptNotations: { offsets: Uint32Array; order: Uint32Array };
  } {
    const notationText = this.notationText.take();
    const notationConcept = this.notationConcept.take();
    const notationOrder = keptItems(notationConcept, rank);
    sortByBytes(notationText.text, notationText.offsets, notationOrder);
    const notations = reorderText(notationText.text, notationText.offsets, notationOrder);
    const notationConceptNumbers = mapped(Uint32Array, notationOrder, (i) => rank[notationConcept[i] as number] as number);
    return { notations, notationConceptNumbers, conceptNotations: groupBy(conceptCount, notationConceptNumbers, identity(conceptCount)) };
  }

  /**
   * The concepts (`chooseConcepts`) and the resources a result shows (`shownResources`): the
   * IRIs of every resource read are needed for these two steps alone, and go when they end.
   */
  private numberResources(): {
    conceptCount: number;
    rank: Int32Array;
    concepts: { text: Uint8Array; offsets: Uint32Array };
    shown: ReturnType<LabelIndexBuilder['shownResources']>;
  } {
    const { conceptCount, rank, concepts, iris, deprecatedConcept } = this.chooseConcepts();
    return { conceptCount, rank, concepts, shown: this.shownResources(conceptCount, rank, iris, deprecatedConcept) };
  }

  /** The concepts' links (`links`) and their standings (`standings`), which alone need the links as grouped for them. */
  private linksAndStandings(
    conceptCount: number,
    rank: Int32Array,
    shown: { count: number; rank: Int32Array },
    isConcept: (shown: number) => boolean,
    display: { offsets: Uint32Array; kinds: Uint8Array; languages: Uint16Array },
    concepts: { text: Uint8Array; offsets: Uint32Array },
  ): { links: Omit<ReturnType<LabelIndexBuilder['links']>, 'standing'>; standing: Uint8Array } {
    const { standing: grouped, related, broader } = this.links(conceptCount, rank, shown, isConcept);
    const standing = this.standings(conceptCount, grouped, display.offsets, display.kinds, display.languages, concepts);
    return { links: { related, broader }, standing };
  }

  /**
   * Which resources are concepts (see the class), numbered in code point order of their
   * IRIs (the last tie-break is then the number): `rank` maps a resource to its concept
   * number, -1 for a resource that is none. Fills the report's counts.
   */
  private chooseConcepts(): {
    conceptCount: number;
    rank: Int32Array;
    concepts: { text: Uint8Array; offsets: Uint32Array };
    iris: { text: Uint8Array; offsets: Uint32Array };
    /** Per resource, 1 for one that would be a concept but is deprecated. */
    deprecatedConcept: Uint8Array;
  } {
    const flags = this.flags.take();
    const iris = this.iris.take();
    const resources = iris.offsets.length - 1;
    const text = Buffer.from(iris.text.buffer, iris.text.byteOffset, iris.text.byteLength);
    const iriOf = (id: number): string => text.toString('utf8', iris.offsets[id], iris.offsets[id + 1]);
    const chosen = new Growable(Uint32Array);
    const refused: string[] = [];
    let refusedCount = 0;
    let deprecated = 0;
    let entailed = 0;
    let wouldEntail = 0;
    const labels = labelledResources(resources, this.entryConcept, this.displayConcept, this.displayKind);
    const deprecatedConcept = new Uint8Array(resources);
    for (let id = 0; id < resources; id++) {
      const flag = flags[id] ?? 0;
      if (!this.entailment && (flag & (TYPED | LINKED | DEPRECATED)) === LINKED && labels[id] === 1) wouldEntail++;
      if ((flag & TYPED) === 0 && !(this.entailment && (flag & LINKED) !== 0)) continue;
      if ((flag & DEPRECATED) !== 0) {
        deprecated++;
        // kept apart: /narrower lists what is below it, and `ancestors` walks through it
        if (isRdfIri(iriOf(id))) deprecatedConcept[id] = 1;
        continue;
      }
      if (!isRdfIri(iriOf(id))) {
        if (refusedCount++ < 3) refused.push(iriOf(id));
        continue;
      }
      if ((flag & TYPED) === 0) entailed++;
      chosen.push(id);
    }
    const conceptOrder = chosen.take();
    sortByBytes(iris.text, iris.offsets, conceptOrder);
    const rank = new Int32Array(resources).fill(-1);
    conceptOrder.forEach((id, position) => (rank[id] = position));
    const labelled = labels.reduce((sum, has) => sum + has, 0);
    this.report = {
      concepts: conceptOrder.length,
      labels: 0,
      labelsByLanguage: [],
      schemes: this.schemes.length,
      deprecated,
      refused: { count: refusedCount, first: refused },
      entailed,
      wouldEntail,
      labelled,
    };
    return {
      conceptCount: conceptOrder.length,
      rank,
      concepts: reorderText(iris.text, iris.offsets, conceptOrder),
      iris,
      deprecatedConcept,
    };
  }

  /**
   * The resources a result shows: the concepts (numbered as `rank` numbers them), then, in
   * code point order of their IRIs, the other resources that concepts link to by
   * skos:related, skos:broader or skos:narrower (a deprecated concept, a concept of another
   * vocabulary), and the schemes. `rank` maps a resource to that number, -1 for the rest.
   */
  private shownResources(
    conceptCount: number,
    conceptRank: Int32Array,
    iris: { text: Uint8Array; offsets: Uint32Array },
    deprecatedConcept: Uint8Array,
  ): { count: number; rank: Int32Array; others: { text: Uint8Array; offsets: Uint32Array }; otherFlags: Uint8Array } {
    const rank = conceptRank.slice();
    const others = new Growable(Uint32Array);
    const other = (resource: number): void => {
      if ((rank[resource] as number) >= 0 || isBlankNodeAt(iris, resource)) return;
      rank[resource] = conceptCount; // marked; numbered below
      others.push(resource);
    };
    const from = this.linkFrom.raw;
    const to = this.linkTo.raw;
    const kind = this.linkKind.raw;
    for (let i = 0; i < this.linkFrom.length; i++) {
      const a = from[i] as number;
      const b = to[i] as number;
      // a deprecated concept in the hierarchy is shown too: /narrower lists what is below it, `ancestors` passes it
      const hierarchy = (kind[i] as number) < 2 && (deprecatedConcept[a] === 1 || deprecatedConcept[b] === 1);
      if (hierarchy || (conceptRank[a] as number) >= 0) other(b);
      if (hierarchy || (conceptRank[b] as number) >= 0) other(a);
    }
    const schemes = this.schemeResource.raw;
    for (let i = 0; i < this.schemeResource.length; i++) other(schemes[i] as number);
    const order = others.take();
    sortByBytes(iris.text, iris.offsets, order);
    order.forEach((resource, position) => (rank[resource] = conceptCount + position));
    const otherFlags = mapped(Uint8Array, order, (resource) => (deprecatedConcept[resource] === 1 ? DEPRECATED_CONCEPT : 0));
    return { count: conceptCount + order.length, rank, others: reorderText(iris.text, iris.offsets, order), otherFlags };
  }

  /**
   * The concepts' links, grouped by concept number: for the standing, the resources below
   * each (skos:narrower from it, skos:broader to it; kind 0) and related to it (either way;
   * kind 1), whatever they are; for results, the related and broader resources (skos:broader
   * from it, skos:narrower to it) that can be shown, each once, as shown numbers.
   */
  private links(
    conceptCount: number,
    rank: Int32Array,
    shown: { count: number; rank: Int32Array },
    isConcept: (shown: number) => boolean,
  ): {
    standing: { offsets: Uint32Array; order: Uint32Array; linked: Uint32Array; kind: Uint8Array };
    related: { offsets: Uint32Array; to: Uint32Array };
    broader: { offsets: Uint32Array; to: Uint32Array };
  } {
    const from = this.linkFrom.take();
    const to = this.linkTo.take();
    const kind = this.linkKind.take();
    const owner = new Growable(Uint32Array);
    const other = new Growable(Uint32Array);
    const below = new Growable(Uint8Array);
    const link = (concept: number, resource: number, narrower: boolean): void => {
      if ((rank[concept] as number) < 0) return;
      owner.push(concept);
      other.push(resource);
      below.push(narrower ? 0 : 1);
    };
    const related = new LinkLists(conceptCount, shown.rank);
    // per shown resource: a deprecated concept's broader ones are kept too, for `ancestors`
    const broader = new LinkLists(shown.count, shown.rank, isConcept);
    for (let i = 0; i < from.length; i++) {
      const k = kind[i] as number;
      const a = from[i] as number;
      const b = to[i] as number;
      if (k === 0) {
        link(b, a, true);
        broader.add(a, b);
      } else if (k === 1) {
        link(a, b, true);
        broader.add(b, a);
      } else {
        link(a, b, false);
        link(b, a, false);
        related.add(a, b);
        related.add(b, a);
      }
    }
    const grouped = groupBy(conceptCount, owner.take(), rank);
    return { standing: { ...grouped, linked: other.take(), kind: below.take() }, related: related.lists(), broader: broader.lists() };
  }

  /** The labels to show (prefLabels, rdfs:labels), grouped by concept number. */
  private displayLabels(
    conceptCount: number,
    rank: Int32Array,
  ): {
    display: { offsets: Uint32Array; order: Uint32Array };
    displayTexts: { text: Uint8Array; offsets: Uint32Array };
    displayKinds: Uint8Array;
    displayLanguages: Uint16Array;
  } {
    const display = groupBy(conceptCount, this.displayConcept.take(), rank);
    const displayText = this.displayText.take();
    const displayKind = this.displayKind.take();
    const displayLanguage = this.displayLanguage.take();
    return {
      display,
      displayTexts: reorderText(displayText.text, displayText.offsets, display.order),
      displayKinds: mapped(Uint8Array, display.order, (i) => displayKind[i] as number),
      displayLanguages: mapped(Uint16Array, display.order, (i) => displayLanguage[i] as number),
    };
  }

  /**
   * The matchable labels numbered in the order in which they rank within a tier
   * (`entryOrder`), as the index keeps them. Each of the builder's lists is taken in the
   * call that copies it, and so goes once its copy is made: the step holds the labels read
   * and one list's copy, not both whole.
   */
  private entries(
    rank: Int32Array,
    standing: Uint8Array,
    tie: Uint32Array,
    collect: () => void,
  ): { concept: Uint32Array; language: Uint16Array; length: Uint32Array; text: Uint8Array; textOffsets: Uint32Array } {
    const order = this.entryOrder(rank, standing, tie);
    collect(); // the sort's keys
    const texts = reorderList(this.entryText.take(), order);
    collect(); // the labels' text as read
    this.entryAlt.take();
    return {
      concept: picked(Uint32Array, this.entryConcept.take(), order, (resource) => rank[resource] as number),
      language: picked(Uint16Array, this.entryLanguage.take(), order),
      length: picked(Uint32Array, this.entryLength.take(), order),
      text: texts.text,
      textOffsets: texts.offsets,
    };
  }

  /**
   * The entries kept, in the order in which they rank within a tier (`withinTierKey`:
   * prefLabels before alt and hidden labels, then the concept's standing, then shorter
   * first, then the concept's tie rank, its prefLabel in the default language and then its
   * URI). Duplicates (same concept, kind, language and folded text) are dropped.
   */
  private entryOrder(rank: Int32Array, standing: Uint8Array, tie: Uint32Array): Uint32Array {
    const count = this.entryConcept.length;
    const subject = this.entryConcept.raw;
    const alt = this.entryAlt.raw;
    const length = this.entryLength.raw;
    const language = this.entryLanguage.raw;
    const { text, offsets } = this.entryText.view;
    const bytes = Buffer.from(text.buffer, text.byteOffset, text.byteLength);
    // the labels of concepts first, in their order within a tier; those of other resources last, then cut
    const keys = new Float64Array(count);
    let mine = 0;
    for (let i = 0; i < count; i++) {
      const c = rank[subject[i] as number] as number;
      if (c < 0) keys[i] = LAST_KEY;
      else {
        keys[i] = withinTierKey(alt[i] === 0, standing[c] as number, length[i] as number, tie[c] as number);
        mine++;
      }
    }
    const order = radixOrder(keys).subarray(0, mine);
    const conceptOf = (entry: number): number => rank[subject[entry] as number] as number;
    const same = (a: number, b: number): boolean =>
      language[a] === language[b] && bytes.compare(bytes, offsets[a], offsets[a + 1], offsets[b], offsets[b + 1]) === 0;
    const kept = new Growable(Uint32Array, Math.max(1, order.length));
    for (let i = 0; i < order.length; i++) {
      const entry = order[i] as number;
      let duplicate = false;
      // equal entries sort next to each other, within a run of the same kind, length and concept
      for (let j = i - 1; j >= 0 && !duplicate; j--) {
        const other = order[j] as number;
        if (alt[other] !== alt[entry] || length[other] !== length[entry] || conceptOf(other) !== conceptOf(entry)) break;
        duplicate = same(entry, other);
      }
      if (!duplicate) kept.push(entry);
    }
    return kept.take();
  }

  /**
   * Each concept's standing (standing.ts), by its new number: the distinct concepts linked
   * to it, and the languages of its prefLabels.
   */
  private standings(
    conceptCount: number,
    grouped: { offsets: Uint32Array; order: Uint32Array; linked: Uint32Array; kind: Uint8Array },
    displayOffsets: Uint32Array,
    displayKind: Uint8Array,
    displayLanguage: Uint16Array,
    iris: { text: Uint8Array; offsets: Uint32Array },
  ): Uint8Array {
    const iriText = Buffer.from(iris.text.buffer, iris.text.byteOffset, iris.text.byteLength);
    const weightOf = (c: number): number =>
      this.weights === undefined || this.weights.size === 0
        ? 0
        : (this.weights.get(iriText.toString('utf8', iris.offsets[c], iris.offsets[c + 1])) ?? 0);
    const { linked, kind: linkKind } = grouped;
    const standing = new Uint8Array(conceptCount);
    const seen = new Set<number>();
    const languages = new Set<number>();
    for (let c = 0; c < conceptCount; c++) {
      const counts = [0, 0];
      for (const k of [0, 1]) {
        seen.clear();
        for (let i = grouped.offsets[c] as number; i < (grouped.offsets[c + 1] as number); i++) {
          const l = grouped.order[i] as number;
          if (linkKind[l] === k && !seen.has(linked[l] as number)) {
            seen.add(linked[l] as number);
            counts[k] = (counts[k] as number) + 1;
          }
        }
      }
      languages.clear();
      for (let i = displayOffsets[c] as number; i < (displayOffsets[c + 1] as number); i++)
        if (displayKind[i] === DISPLAY.prefLabel) languages.add(displayLanguage[i] as number);
      standing[c] = Math.min(
        255,
        standingOf({ narrower: counts[0] as number, related: counts[1] as number, languages: languages.size, weight: weightOf(c) }),
      );
    }
    return standing;
  }

  /** Each concept's place in the tie-break order: its prefLabel chosen for the default language, then its URI (its number). */
  private ties(
    conceptCount: number,
    displayOffsets: Uint32Array,
    displayKind: Uint8Array,
    displayLanguage: Uint16Array,
    displayText: { text: Uint8Array; offsets: Uint32Array },
  ): Uint32Array {
    const labels = new TextList();
    const bytes = Buffer.from(displayText.text.buffer, displayText.text.byteOffset, displayText.text.byteLength);
    for (let c = 0; c < conceptCount; c++) {
      const pref = [];
      for (let i = displayOffsets[c] as number; i < (displayOffsets[c + 1] as number); i++) {
        if (displayKind[i] === DISPLAY.prefLabel)
          pref.push({
            value: bytes.toString('utf8', displayText.offsets[i], displayText.offsets[i + 1]),
            language: this.languages[displayLanguage[i] as number] as string,
          });
      }
      labels.push(chooseLabel(pref, this.defaultLang) ?? '');
    }
    const { text, offsets } = labels.take();
    const order = identity(conceptCount);
    // equal prefLabels: by URI, which is the concept number
    sortByBytesThenId(text, offsets, order);
    const tie = new Uint32Array(conceptCount);
    order.forEach((concept, position) => (tie[concept] = position));
    return tie;
  }

  /** The entries that have a filing form (filingForm.ts), in byte order of it: the text after the first word. */
  private filingOrder(entries: { language: Uint16Array; text: Uint8Array; textOffsets: Uint32Array }): Uint32Array {
    const bytes = Buffer.from(entries.text.buffer, entries.text.byteOffset, entries.text.byteLength);
    const filing = new Growable(Uint32Array);
    const starts = new Uint32Array(entries.language.length);
    for (let entry = 0; entry < entries.language.length; entry++) {
      const start = entries.textOffsets[entry] as number;
      const end = entries.textOffsets[entry + 1] as number;
      const space = bytes.indexOf(0x20, start);
      if (space < 0 || space >= end) continue;
      const first = bytes.toString('utf8', start, space);
      if (filingForm([first, ''], this.languages[entries.language[entry] as number] as string) === undefined) continue;
      filing.push(entry);
      starts[entry] = space + 1;
    }
    const order = filing.take();
    sortByBytes(entries.text, entries.textOffsets, order, starts);
    return order;
  }

  /** The resource's number, given at its first sight. */
  private resource(iri: string): number {
    const id = this.iris.id(iri);
    if (id === this.flags.length) this.flags.push(0);
    return id;
  }

  /** A scheme's number, the scheme numbered when it is new. */
  private scheme(iri: string): number {
    let scheme = this.schemeIds.get(iri);
    if (scheme === undefined) {
      scheme = this.schemes.length;
      this.schemes.push(iri);
      this.schemeIds.set(iri, scheme);
      this.schemeResource.push(this.resource(iri));
      this.schemeFlags.push(0);
    }
    return scheme;
  }

  /** The data states that a resource is a top concept of a scheme. */
  private top(scheme: number, resource: number): void {
    this.topScheme.push(scheme);
    this.topResource.push(resource);
    this.schemeFlags.raw[scheme] = (this.schemeFlags.raw[scheme] as number) | TOPS_STATED;
  }

  private flag(id: number, flag: number): void {
    this.flags.raw[id] = (this.flags.raw[id] as number) | flag;
  }

  private language(tag: string): number {
    let id = this.languageIds.get(tag);
    if (id === undefined) {
      id = this.languages.length;
      if (id > 0xffff) throw new RangeError('more than 65,536 language tags');
      this.languages.push(tag);
      this.languageIds.set(tag, id);
    }
    return id;
  }

  private display(concept: number, kind: number, language: number, value: string): void {
    this.displayConcept.push(concept);
    this.displayKind.push(kind);
    this.displayLanguage.push(language);
    this.displayText.push(value);
  }
}

/** Whether a resource as read (`NTriplesRows`) is a blank node: no query can name it, no result shows it. */
function isBlankNode(resource: string): boolean {
  return resource.startsWith('_:');
}

/** Which resources have a label of any kind (an entry, a prefLabel or rdfs:label to show): 1 where they do. */
function labelledResources(
  resources: number,
  entryConcept: Growable<Uint32Array>,
  displayConcept: Growable<Uint32Array>,
  displayKind: Growable<Uint8Array>,
): Uint8Array {
  const labelled = new Uint8Array(resources);
  for (let i = 0; i < entryConcept.length; i++) labelled[entryConcept.raw[i] as number] = 1;
  for (let i = 0; i < displayConcept.length; i++)
    if (displayKind.raw[i] === DISPLAY.rdfsLabel) labelled[displayConcept.raw[i] as number] = 1;
  return labelled;
}

/** Whether the resource numbered `id` is a blank node (see `isBlankNode`). */
function isBlankNodeAt(iris: { text: Uint8Array; offsets: Uint32Array }, id: number): boolean {
  const at = iris.offsets[id] as number;
  return (iris.offsets[id + 1] as number) - at >= 2 && iris.text[at] === 0x5f && iris.text[at + 1] === 0x3a;
}

/** Entries by language, largest first. */
function countByLanguage(entryLanguage: Uint16Array, languages: readonly string[]): Array<[string, number]> {
  const counts = new Uint32Array(languages.length);
  for (const language of entryLanguage) counts[language] = (counts[language] as number) + 1;
  return languages
    .map((tag, i): [string, number] => [tag, counts[i] as number])
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}
