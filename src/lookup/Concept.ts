/** A related resource as the contract shows it: its label ("" when it has none) and URI. */
export interface Related {
  label: string;
  uri: string;
}

/** The opt-in fields (API.md, "Opt-in fields"), in the order a concept carries them. */
export const FIELDS = ['broader', 'notation', 'scheme', 'scopeNote'] as const;
export type Field = (typeof FIELDS)[number];

/** The opt-in fields' values: each present when the request named it. */
export interface ConceptFields {
  broader?: Related[];
  notation?: string[];
  scheme?: Related[];
  scopeNote?: string;
}

/**
 * A concept as the contract shows it: the four fields always present, in this order, then
 * the opt-in fields that the request named.
 */
export interface Concept extends ConceptFields {
  uri: string;
  prefLabel: string;
  altLabels: string[];
  related: Related[];
}
