/** What the data says of a concept's place in its vocabulary. */
export interface ConceptLinks {
  /** Concepts below it: `skos:narrower` from it and `skos:broader` to it, each concept once. */
  narrower: number;
  /** Concepts `skos:related` to it, either way, each once. */
  related: number;
  /** Languages of its prefLabels (an untagged one counts as one). */
  languages: number;
  /** An institution's own count for it (CONCEPT_WEIGHTS, such as its uses in a catalogue); 0 when none. */
  weight: number;
}

/**
 * A concept's standing in its vocabulary, from the data alone: an integer from 0, higher
 * ranking first among labels of the same tier (API.md). The concepts linked to it, below it
 * or related, on a log scale, so that a concept with 30 narrower concepts outranks one with
 * 3, and one with 3 outranks a leaf, while two leaves stay tied and the shorter label
 * decides. `languages` is not counted (the shared vocabularies label nearly every concept
 * in the same languages). The type-ahead MRR of RELEVANCE.md cannot tell (README, "How
 * /search and /suggest rank"): a uniform sample of concepts gives every order within a tier
 * the same MRR in expectation. An institution's own count (CONCEPT_WEIGHTS) adds its own
 * log scale on top: a concept used 1,000 times gains 9 over one never used, more than most
 * links give, as usage says more of what people mean than the shape of the hierarchy.
 */
export function standingOf(links: ConceptLinks): number {
  const weight = Number.isFinite(links.weight) && links.weight > 0 ? Math.floor(Math.log2(1 + links.weight)) : 0;
  return Math.min(63, Math.floor(Math.log2(1 + links.narrower + links.related)) + Math.min(48, weight));
}
