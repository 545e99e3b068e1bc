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
