import { standingOf } from '../domain/standing.js';
import { numberResources } from './conceptNumbers.js';
import { countByLanguage, entries as layOutEntries, filingOrder as filingOrderOf, textOrder as textOrderOf, ties } from './entryLayout.js';
import type { GatheredLists } from './GatheredLists.js';
import { Growable, mapped, reorderText } from './Growable.js';
import type { BuildReport } from './BuildReport.js';
import { DISPLAY, type LabelIndexArrays, type LabelIndexData } from './LabelIndexData.js';
import { DEPRECATED_CONCEPT, narrowerLists, schemeSummaries, sortListsBy, topLists, shownBrowseOrder } from './hierarchyLayout.js';
import { LinkLists } from './LinkLists.js';
import { groupBy, identity, keptItems } from './groupBy.js';
import { wordPostings } from './wordPostings.js';
import { sortByBytes } from './sortByBytes.js';
import { TokenText, rankedTokens, type TokenTextArrays } from './TokenText.js';
import { TokenList } from './TokenList.js';
import { wordPlaces } from './FoldedTexts.js';

/**
 * Lays a builder's lists out as a `LabelIndexData`, step by step (each in its own file where
 * it is more than a few lines): the concepts and the resources shown, numbered
 * (`conceptNumbers.ts`); the labels to show; the links and each concept's standing; the
 * matchable labels in their order within a tier (`entryLayout.ts`), their words and postings;
 * memberships, notations, the hierarchy's lists (`hierarchyLayout.ts`). Each step takes the
 * lists it reads from `GatheredLists`, so that each goes once its step has made its output.
 */
/** The arrays searches read (`searchArrays`). */
type SearchArrays = Pick<
  LabelIndexArrays,
  | 'entryConcept'
  | 'entryLanguage'
  | 'entryLength'
  | 'entryWords'
  | 'entryWordCodes'
  | 'entryWordOffsets'
  | 'wordOfCode'
  | 'textOrder'
  | 'filingOrder'
  | 'wordText'
  | 'wordOffsets'
  | 'wordLanguages'
  | 'postingOffsets'
  | 'postings'
>;

/** The arrays of the hierarchy and the schemes (`hierarchyArrays`). */
type HierarchyArrays = Pick<
  LabelIndexArrays,
  | 'conceptSchemeOffsets'
  | 'conceptSchemes'
  | 'notationText'
  | 'notationOffsets'
  | 'notationConcept'
  | 'conceptNotationOffsets'
  | 'conceptNotations'
  | 'schemeResource'
  | 'schemeFlags'
  | 'schemeTopOffsets'
  | 'schemeTops'
  | 'narrowerOffsets'
  | 'narrower'
  | 'schemeConcepts'
  | 'schemeLanguageOffsets'
  | 'schemeLanguages'
>;

export class LabelLayout {
  constructor(
    private readonly g: GatheredLists,
    /** The configured default language (lower case): its prefLabel is a tie-break, and the browsing lists' order. */
    private readonly defaultLang: string,
    /** CONCEPT_WEIGHTS: an institution's own counts by concept URI, part of the standing. */
    private readonly weights: ReadonlyMap<string, number> | undefined,
    /** SKOS_ENTAILMENT. */
    private readonly entailment: boolean,
  ) {}

  /**
   * Lays the lists out; they are spent afterwards. `collect`, where the caller has one
   * (the layout worker: a garbage collection), runs between the steps, when the rows a step
   * read are no longer held: each step's input goes before the next step's output comes.
   */
  build(collect: () => void = () => {}): { data: LabelIndexData; report: BuildReport } {
    // Each step's input is let go as soon as the step has made its output (a helper's
    // locals, a list `take()`n), and `collect` runs where much has been let go: the build's
    // peak is then its output and the step at hand, not everything it ever read.
    const { conceptCount, rank, concepts, shown, report } = numberResources(this.g, this.entailment);
    collect();
    const { display, displayTexts, displayKinds, displayLanguages } = this.displayLabels(shown.count, shown.rank);
    collect();
    const isConcept = (s: number): boolean =>
      s < conceptCount || ((shown.otherFlags[s - conceptCount] as number) & DEPRECATED_CONCEPT) !== 0;
    const shownDisplay = { offsets: display.offsets, kinds: displayKinds, languages: displayLanguages };
    const { links, standing } = this.linksAndStandings(conceptCount, rank, shown, isConcept, shownDisplay, concepts);
    const shownText = new TokenText(displayTexts);
    const tie = ties(conceptCount, display.offsets, displayKinds, displayLanguages, shownText, this.g.languages, this.defaultLang);
    collect();
    const entries = layOutEntries(this.g, rank, standing, tie, collect);
    collect();
    const searched = this.searchArrays(entries, report);
    collect();
    const browsed = { ...shownDisplay, texts: shownText };
    const hierarchy = this.hierarchyArrays(conceptCount, rank, shown, isConcept, links.broader, browsed, collect);

    const data: LabelIndexData = {
      languages: this.g.languages,
      schemes: this.g.schemes,
      arrays: {
        ...hierarchy,
        ...searched,
        conceptText: concepts.text,
        conceptOffsets: concepts.offsets,
        displayOffsets: display.offsets,
        displayKind: displayKinds,
        displayLanguage: displayLanguages,
        displayText: displayTexts.codes,
        displayTextOffsets: displayTexts.offsets,
        displayTokenText: displayTexts.tokenText,
        displayTokenOffsets: displayTexts.tokenOffsets,
        otherText: shown.others.text,
        otherOffsets: shown.others.offsets,
        relatedOffsets: links.related.offsets,
        related: links.related.to,
        broaderOffsets: links.broader.offsets,
        broader: links.broader.to,
        otherFlags: shown.otherFlags,
      },
    };
    return { data, report };
  }

  /**
   * The arrays searches read: the entries (a label each), their words as codes by how common,
   * each word's postings, and the entries in text and filing order. The folded texts gathered
   * are let go once their words are coded.
   */
  private searchArrays(entries: ReturnType<typeof layOutEntries>, report: BuildReport): SearchArrays {
    report.labels = entries.concept.length;
    report.labelsByLanguage = countByLanguage(entries.language, this.g.languages);
    const place = wordPlaces(entries.texts.tokens);
    const textOrder = textOrderOf(entries.texts, place);
    const filingOrder = filingOrderOf(entries, this.g.languages, place);
    const words = wordPostings(entries.texts, place, entries.language);
    // the folded texts are kept as codes by how common their words are: those gathered go before the hierarchy's steps
    entries.texts = { ...new TokenList().take(), of: new Uint32Array(0) };
    return {
      entryConcept: entries.concept,
      entryLanguage: entries.language,
      entryLength: entries.length,
      entryWords: entries.words,
      entryWordCodes: words.entryWords.codes,
      entryWordOffsets: words.entryWords.offsets,
      wordOfCode: words.wordOfCode,
      textOrder,
      filingOrder,
      wordText: words.text,
      wordOffsets: words.offsets,
      wordLanguages: words.languages,
      postingOffsets: words.postingOffsets,
      postings: words.postings,
    };
  }

  /**
   * The arrays of the hierarchy and the schemes: each concept's schemes and notations, the
   * schemes' top lists and every concept's narrower list, in the default language's browsing
   * order, and what /schemes counts of each scheme.
   */
  private hierarchyArrays(
    conceptCount: number,
    rank: Int32Array,
    shown: { count: number; rank: Int32Array },
    isConcept: (s: number) => boolean,
    broader: { offsets: Uint32Array; to: Uint32Array },
    display: { offsets: Uint32Array; kinds: Uint8Array; languages: Uint16Array; texts: TokenText },
    collect: () => void,
  ): HierarchyArrays {
    const member = this.memberships(conceptCount, rank);
    const conceptSchemes = member.schemes;
    const { notations, notationConceptNumbers, conceptNotations } = this.notations(conceptCount, rank);
    collect();
    const schemeResource = this.g.schemeResource.take();
    const schemeFlags = this.g.schemeFlags.take();
    const tops = topLists(
      schemeFlags,
      { scheme: this.g.topScheme.take(), resource: this.g.topResource.take() },
      rank,
      conceptCount,
      { offsets: member.offsets, to: conceptSchemes },
      broader,
    );
    const below = narrowerLists(shown.count, conceptCount, broader, isConcept);
    // the browsing lists in the default language's order: a page of them is a slice
    const browsing = shownBrowseOrder(conceptCount, display, this.g.languages, this.defaultLang, {
      text: notations.text,
      offsets: notations.offsets,
      conceptOffsets: conceptNotations.offsets,
      conceptNotations: conceptNotations.order,
    });
    sortListsBy(tops, browsing);
    sortListsBy(below, browsing);
    const schemeMembers = schemeSummaries(
      this.g.schemes.length,
      { offsets: member.offsets, to: conceptSchemes },
      { offsets: display.offsets, kinds: display.kinds, languages: display.languages },
    );
    collect();
    return {
      conceptSchemeOffsets: member.offsets,
      conceptSchemes,
      notationText: notations.text,
      notationOffsets: notations.offsets,
      notationConcept: notationConceptNumbers,
      conceptNotationOffsets: conceptNotations.offsets,
      conceptNotations: conceptNotations.order,
      schemeResource: mapped(Uint32Array, schemeResource, (resource) => shown.rank[resource] as number),
      schemeFlags,
      schemeTopOffsets: tops.offsets,
      schemeTops: tops.to,
      narrowerOffsets: below.offsets,
      narrower: below.to,
      schemeConcepts: schemeMembers.concepts,
      schemeLanguageOffsets: schemeMembers.languages.offsets,
      schemeLanguages: schemeMembers.languages.to,
    };
  }

  /** Per concept, a range of `schemes`: the schemes it is in, by number. */
  private memberships(conceptCount: number, rank: Int32Array): { offsets: Uint32Array; schemes: Uint32Array } {
    const member = groupBy(conceptCount, this.g.memberConcept.take(), rank);
    const memberScheme = this.g.memberScheme.take();
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
    const notationText = this.g.notationText.take();
    const notationConcept = this.g.notationConcept.take();
    const notationOrder = keptItems(notationConcept, rank);
    sortByBytes(notationText.text, notationText.offsets, notationOrder);
    const notations = reorderText(notationText.text, notationText.offsets, notationOrder);
    const notationConceptNumbers = mapped(Uint32Array, notationOrder, (i) => rank[notationConcept[i] as number] as number);
    return { notations, notationConceptNumbers, conceptNotations: groupBy(conceptCount, notationConceptNumbers, identity(conceptCount)) };
  }

  /** The concepts' links (`links`) and their standings (`standings`), which alone need the links as grouped for them. */
  private linksAndStandings(
    conceptCount: number,
    rank: Int32Array,
    shown: { count: number; rank: Int32Array },
    isConcept: (shown: number) => boolean,
    display: { offsets: Uint32Array; kinds: Uint8Array; languages: Uint16Array },
    concepts: { text: Uint8Array; offsets: Uint32Array },
  ): { links: Omit<ReturnType<LabelLayout['links']>, 'standing'>; standing: Uint8Array } {
    const { standing: grouped, related, broader } = this.links(conceptCount, rank, shown, isConcept);
    const standing = this.standings(conceptCount, grouped, display.offsets, display.kinds, display.languages, concepts);
    return { links: { related, broader }, standing };
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
    const from = this.g.linkFrom.take();
    const to = this.g.linkTo.take();
    const kind = this.g.linkKind.take();
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
    displayTexts: TokenTextArrays;
    displayKinds: Uint8Array;
    displayLanguages: Uint16Array;
  } {
    const display = groupBy(conceptCount, this.g.displayConcept.take(), rank);
    const displayText = this.g.displayText.take();
    const displayKind = this.g.displayKind.take();
    const displayLanguage = this.g.displayLanguage.take();
    return {
      display,
      displayTexts: rankedTokens(displayText, display.order),
      displayKinds: mapped(Uint8Array, display.order, (i) => displayKind[i] as number),
      displayLanguages: mapped(Uint16Array, display.order, (i) => displayLanguage[i] as number),
    };
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
}
