import type { Term } from '@rdfjs/types';
import type { Bindings } from '../../store/SparqlStore.js';
import type { Concept, ConceptFields, Field, Related } from '../../domain/Concept.js';
import { chooseLabel, type Label } from '../../domain/chooseLabel.js';
import { compareCodePoints } from '../../domain/compareCodePoints.js';
import { labelLanguage } from '../../domain/labelLanguage.js';
import { SKOS } from '../../domain/namespaces.js';

const PREF_LABEL = `${SKOS}prefLabel`;
const ALT_LABEL = `${SKOS}altLabel`;
const RELATED = `${SKOS}related`;
const BROADER = `${SKOS}broader`;
const IN_SCHEME = `${SKOS}inScheme`;
const TOP_CONCEPT_OF = `${SKOS}topConceptOf`;
const NOTATION = `${SKOS}notation`;
const SCOPE_NOTE = `${SKOS}scopeNote`;
const RDFS_LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';

/** The prefLabels and rdfs:labels of one resource, from which one label is chosen. */
class Labels {
  readonly pref: Label[] = [];
  readonly rdfs: Label[] = [];

  add(property: string, value: Term | undefined): void {
    if (value?.termType !== 'Literal') return;
    const label = { value: value.value, language: labelLanguage(value.language) };
    if (property === PREF_LABEL) this.pref.push(label);
    else if (property === RDFS_LABEL) this.rdfs.push(label);
  }

  /** The contract's label: a prefLabel by the language rule, failing that an rdfs:label, failing that "". */
  choose(lang: string): string {
    return chooseLabel(this.pref, lang) ?? chooseLabel(this.rdfs, lang) ?? '';
  }
}

/** The resources a concept links to by one relation, each with its labels. */
type Links = Map<string, Labels>;

/**
 * What the store holds about one concept, gathered from the rows of `concepts.rq` (and of
 * `conceptFields.rq` for the opt-in fields), and turned into the contract's Concept.
 */
export class ConceptDetails {
  private readonly labels = new Labels();
  private readonly altLabels = new Set<string>();
  private readonly related: Links = new Map();
  private readonly broader: Links = new Map();
  private readonly schemes: Links = new Map();
  private readonly notations = new Set<string>();
  private readonly scopeNotes: Label[] = [];
  /** Whether a row said the resource has one of the concept types (`concepts.rq` gives such a row). */
  isConcept = false;
  /** The fields that walk the hierarchy, read apart (StoreHierarchy). */
  hierarchy: ConceptFields = {};

  private constructor(
    readonly uri: string,
    /** The language of the labels to choose (the rows' altLabels are already filtered by it). */
    private readonly lang: string,
  ) {}

  /** Groups rows by `?concept`, into `concepts` when given (the rows of a second query about the same concepts). */
  static read(rows: readonly Bindings[], lang: string, concepts = new Map<string, ConceptDetails>()): Map<string, ConceptDetails> {
    for (const row of rows) {
      if (row.concept?.termType !== 'NamedNode') continue;
      ConceptDetails.of(concepts, row.concept.value, lang).add(row);
    }
    return concepts;
  }

  /** The details of `uri` in `concepts`, added (empty) when there are none yet. */
  static of(concepts: Map<string, ConceptDetails>, uri: string, lang: string): ConceptDetails {
    let details = concepts.get(uri);
    if (details === undefined) {
      details = new ConceptDetails(uri, lang);
      concepts.set(uri, details);
    }
    return details;
  }

  private add(row: Bindings): void {
    const property = row.property?.value;
    if (property === undefined) return;
    if (property === RDF_TYPE) {
      this.isConcept = true;
    } else if (property === ALT_LABEL && row.value?.termType === 'Literal') {
      this.altLabels.add(row.value.value);
    } else if (property === NOTATION && row.value?.termType === 'Literal') {
      this.notations.add(row.value.value);
    } else if (property === SCOPE_NOTE && row.value?.termType === 'Literal') {
      this.scopeNotes.push({ value: row.value.value, language: labelLanguage(row.value.language) });
    } else if (row.related !== undefined) {
      const links =
        property === RELATED
          ? this.related
          : property === BROADER
            ? this.broader
            : property === IN_SCHEME || property === TOP_CONCEPT_OF
              ? this.schemes
              : undefined;
      if (links === undefined || row.related.termType !== 'NamedNode') return;
      let labels = links.get(row.related.value);
      if (labels === undefined) {
        labels = new Labels();
        links.set(row.related.value, labels);
      }
      if (row.relatedProperty !== undefined) labels.add(row.relatedProperty.value, row.value);
    } else {
      this.labels.add(property, row.value);
    }
  }

  toConcept(): Concept {
    return {
      uri: this.uri,
      prefLabel: this.labels.choose(this.lang),
      altLabels: [...this.altLabels].sort(compareCodePoints),
      related: this.relatedList(this.related),
    };
  }

  /** The opt-in fields named (from the rows of `conceptFields.rq`), in the contract's order. */
  fields(names: ReadonlySet<Field>): ConceptFields {
    const fields: ConceptFields = {};
    if (names.has('ancestors')) fields.ancestors = this.hierarchy.ancestors ?? [];
    if (names.has('broader')) fields.broader = this.relatedList(this.broader);
    if (names.has('narrower')) fields.narrower = this.hierarchy.narrower ?? [];
    if (names.has('narrowerCount')) fields.narrowerCount = this.hierarchy.narrowerCount ?? 0;
    if (names.has('notation')) fields.notation = [...this.notations].sort(compareCodePoints);
    if (names.has('scheme')) fields.scheme = this.relatedList(this.schemes);
    if (names.has('scopeNote')) fields.scopeNote = chooseLabel(this.scopeNotes, this.lang) ?? '';
    return fields;
  }

  /** Linked resources as the contract lists them: by label, then URI. */
  private relatedList(links: Links): Related[] {
    const list: Related[] = [...links].map(([uri, labels]) => ({ label: labels.choose(this.lang), uri }));
    return list.sort((a, b) => compareCodePoints(a.label, b.label) || compareCodePoints(a.uri, b.uri));
  }
}
