import { NAMESPACE_SAMPLE, namespacesOf } from '../../domain/localNames.js';
import { searchTerms, suggestTerms } from '../../domain/matchPatterns.js';
import { RankQuery } from '../../domain/ranking.js';
import { speaks } from '../../domain/speaks.js';
import type { LabelIndex } from '../../index/LabelIndex.js';
import type { Concept, Field, SchemeSummary } from '../../domain/Concept.js';
import { pageOf, type BrowseRequest, type FindRequest, type Finder, type NameCandidates, type NameQuery } from '../Finder.js';
import { browsePage, listedSchemes, narrowerInIndex, needsLanguageOrder, schemesInIndex, type LanguageOrder } from './browseInIndex.js';
import { IndexScan } from './IndexScan.js';
import { named } from './namedInIndex.js';
import { searchInIndex } from './searchInIndex.js';
import { suggestInIndex } from './suggestInIndex.js';
import { prefLabelOf, shownConcept, shownConceptAt } from './shownConcept.js';
import { agreements, evidenceFields, type Evidence } from '../../domain/evidence.js';
import { Turns } from '../../Turns.js';

const NO_FIELDS: ReadonlySet<Field> = new Set();
/** The most concepts a page answered on the calling thread shows: as many as /get's `uri` takes. */
const MAX_SHOWN_HERE = 100;
/** How many names `warmUp` reconciles. */
const WARM_UP_NAMES = 10;

/**
 * The Finder over the whole vocabulary's label index: it matches, ranks (domain/ranking.ts
 * decides) and pages in memory, and shows what it found from the index too. No store query.
 */
export class IndexFinder implements Finder {
  private scanSpace: IndexScan | undefined;
  private prefLanguages: string[] | undefined;
  private namespaceList: string[] | undefined;
  /** Language orders made elsewhere (`useOrder`). */
  private readonly orders = new Map<string, LanguageOrder>();

  constructor(
    private readonly index: LabelIndex,
    /** Lower case. */
    private readonly defaultLang: string,
  ) {}

  /** The scratch space of the queries that walk the index: made when first needed (a thread whose queries run on the pool never makes it). */
  private get scan(): IndexScan {
    this.scanSpace ??= new IndexScan(this.index);
    return this.scanSpace;
  }

  /**
   * Reconciles ten of the index's own labels, spread over it, every other one with a letter
   * changed, and searches and suggests from one of them, the answers dropped: a pool thread
   * does so once it installs an index, so that the first client does not wait for the
   * thread's first compilation of this code and the stems of common words. At 2 million
   * concepts the first batch of a column took 135 ms on a cold thread, the next ones 50 to 75.
   */
  async warmUp(): Promise<void> {
    const labels = this.index.stats.labels;
    if (labels === 0) return;
    for (let i = 0; i < WARM_UP_NAMES; i++) {
      const words = this.index.wordsOf(Math.floor((i * labels) / WARM_UP_NAMES));
      const longest = words.reduce((a, b) => (b.length > a.length ? b : a), '');
      const name = i % 2 === 0 ? words.join(' ') : words.join(' ').replace(longest, `${longest.slice(0, -2)}x${longest.slice(-1)}`);
      await this.reconcile([{ q: name, filter: {}, limit: 10, display: this.defaultLang }]);
      if (i === 0) {
        await this.search({ q: name, count: 10, page: 1 });
        await this.suggest({ q: name.slice(0, 2), count: 10, page: 1 });
      }
    }
  }

  async search(request: FindRequest): Promise<Concept[]> {
    const lang = request.lang ?? this.defaultLang;
    const fields = request.fields ?? NO_FIELDS;
    const ranked = searchInIndex(this.scan, new RankQuery('search', searchTerms(request.q)), request.q, request, lang, pageOf(request));
    return ranked.flatMap((uri) => shownConcept(this.index, uri, lang, fields, this.defaultLang, ranked.length) ?? []);
  }

  async suggest(request: FindRequest): Promise<Concept[]> {
    const lang = request.lang ?? this.defaultLang;
    const fields = request.fields ?? NO_FIELDS;
    const uris = suggestInIndex(this.scan, new RankQuery('suggest', suggestTerms(request.q)), request, lang, pageOf(request));
    if (fields.size > 0)
      return uris
        .flatMap((uri) => shownConcept(this.index, uri, lang, fields, this.defaultLang, uris.length) ?? [])
        .map((concept) => ({ ...concept, altLabels: [], related: [] }));
    return uris.map((uri) => ({ uri, prefLabel: prefLabelOf(this.index, uri, lang), altLabels: [], related: [] }));
  }

  async reconcile(names: readonly NameQuery[]): Promise<NameCandidates[]> {
    return names.map(({ q, filter, limit, display, evidence }) => {
      // the agreements with the query's properties told here, where the candidates are found:
      // a hundred candidates shown for ten names cost the thread that answers HTTP tens of ms
      const agree = evidence === undefined || evidence.length === 0 ? undefined : this.agreeing(evidence, display, limit);
      return { ...named(this.scan, q, filter, limit, display, agree), typosSought: true };
    });
  }

  /** A concept's agreements with `evidence`, shown in `display` with the fields they need (by number). */
  private agreeing(evidence: readonly Evidence[], display: string, listed: number): (concept: number) => boolean[] {
    const fields = evidenceFields(evidence);
    const agree = agreements(evidence);
    return (concept) => agree(shownConceptAt(this.index, concept, display, fields, this.defaultLang, listed));
  }

  async withNotations(texts: readonly string[]): Promise<string[]> {
    return [...new Set(texts.flatMap((text) => this.index.uris(this.index.notationConcepts(text))))];
  }

  async namespaces(): Promise<string[]> {
    // sampled once per index: reconciliation asks for every name that no notation has
    if (this.namespaceList === undefined) {
      const count = this.index.conceptCount;
      const step = Math.max(1, Math.floor(count / NAMESPACE_SAMPLE));
      const sample: number[] = [];
      for (let concept = 0; concept < count; concept += step) sample.push(concept);
      this.namespaceList = namespacesOf(this.index.uris(sample));
    }
    return this.namespaceList;
  }

  async schemeIris(): Promise<string[]> {
    // no label chosen, nothing sorted: /top asks this on every request
    return listedSchemes(this.index).map((scheme) => this.index.schemes[scheme] as string);
  }

  async schemes(lang: string): Promise<SchemeSummary[]> {
    return schemesInIndex(this.index, lang);
  }

  async top(request: BrowseRequest): Promise<Concept[]> {
    return this.browse(this.listOf('top', request), request);
  }

  async narrower(request: BrowseRequest): Promise<Concept[]> {
    return this.browse(this.listOf('narrower', request), request);
  }

  /** What /top lists for a scheme or /narrower for a concept, in the index's own browsing order; empty for an IRI that is neither. */
  private listOf(kind: 'top' | 'narrower', request: BrowseRequest): Uint32Array {
    if (kind === 'narrower') return narrowerInIndex(this.index, request.uri);
    const scheme = this.index.schemeNumber(request.uri);
    return scheme === undefined ? new Uint32Array(0) : this.index.topsOf(scheme);
  }

  /**
   * Where a browsing page is made, decided here alone: `here` where it costs only its page (in
   * the index's own language, a slice of the list as held, and at most as many concepts as /get
   * shows); else elsewhere (a pool thread), after the language whose order of every concept it
   * needs (`order`: a long list in another language, browseInIndex.ts) is made on a thread of
   * its own and given with `useOrder`, so that the thread that pages does not spend seconds
   * making it.
   */
  browsePlace(kind: 'top' | 'narrower', request: BrowseRequest): { here: true } | { here: false; order: string | undefined } {
    const lang = request.lang ?? this.defaultLang;
    if (lang === this.defaultLang && request.count <= MAX_SHOWN_HERE) return { here: true };
    return { here: false, order: needsLanguageOrder(this.listOf(kind, request), lang, this.defaultLang) ? lang : undefined };
  }

  /** Pages long lists in `lang` by `order` from now on (undefined: makes its own again, if asked). */
  useOrder(lang: string, order: LanguageOrder | undefined): void {
    if (order === undefined) this.orders.delete(lang);
    else this.orders.set(lang, order);
  }

  /** The request's page of a browsing list of concepts, shown (in turns: a page of a thousand with their children is long work). */
  private async browse(list: Uint32Array, request: BrowseRequest): Promise<Concept[]> {
    const lang = request.lang ?? this.defaultLang;
    const fields = request.fields ?? NO_FIELDS;
    const page = browsePage(this.index, list, lang, pageOf(request), this.defaultLang, { given: this.orders.get(lang) });
    const shown: Concept[] = [];
    const turns = new Turns();
    for (let i = 0; i < page.length; i++) {
      shown.push(shownConceptAt(this.index, page[i] as number, lang, fields, this.defaultLang, page.length));
      await turns.pass();
    }
    return shown;
  }

  /** The concepts of `uris` the index holds, shown; in turns, as `browse`. */
  async shown(uris: readonly string[], lang: string, fields: ReadonlySet<Field>): Promise<Map<string, Concept>> {
    const shown = new Map<string, Concept>();
    const turns = new Turns();
    for (const uri of uris) {
      const concept = shownConcept(this.index, uri, lang, fields, this.defaultLang, uris.length);
      if (concept !== undefined) shown.set(uri, concept);
      await turns.pass();
    }
    return shown;
  }

  async languages(): Promise<string[]> {
    return languageList(await this.labelLanguages());
  }

  async speaks(lang: string): Promise<boolean> {
    return speaksAny(await this.labelLanguages(), lang);
  }

  /** The languages of the prefLabels of the concepts it serves (deprecated ones left out): a pass over every concept's labels, once an index. */
  async labelLanguages(): Promise<string[]> {
    this.prefLanguages ??= this.index.prefLabelLanguages();
    return this.prefLanguages;
  }
}

/** What /languages lists of the prefLabels' languages: sorted, at most 1,000. */
export function languageList(tags: readonly string[]): string[] {
  return [...tags].sort().slice(0, 1000);
}

/** Whether some prefLabel language (untagged aside) speaks `lang`. */
export function speaksAny(tags: readonly string[], lang: string): boolean {
  return tags.some((tag) => tag !== '' && speaks(lang, tag));
}
