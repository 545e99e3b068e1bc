import { compareCodePoints } from './compareCodePoints.js';
/** A related resource as the contract shows it: its label ("" when it has none) and URI. */
export interface Related {
  label: string;
  uri: string;
}

/** The opt-in fields (API.md, "Opt-in fields"), in the order a concept carries them. */
export const FIELDS = ['ancestors', 'broader', 'narrower', 'narrowerCount', 'notation', 'scheme', 'scopeNote'] as const;
export type Field = (typeof FIELDS)[number];

/** The opt-in fields' values: each present when the request named it. */
export interface ConceptFields {
  /** From the top of its hierarchy down to its parent (API.md: the first broader concept in browsing order, and so on). */
  ancestors?: Related[];
  broader?: Related[];
  /** What /narrower lists for it, in its order. */
  narrower?: Related[];
  narrowerCount?: number;
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

/** The opt-in fields that walk the hierarchy (API.md, "Browsing"). */
export const BROWSE_FIELDS: readonly Field[] = ['ancestors', 'narrower', 'narrowerCount'];

/**
 * The most concepts `narrower` lists for one concept: the first page of /narrower at its
 * largest (`count=1000`); `narrowerCount` says how many there are, and /narrower pages through
 * them. A hundred broad concepts of 2,000 children each made a 19 MB answer.
 */
export const MAX_NARROWER_SHOWN = 1000;

/**
 * The most `narrower` entries one answer holds in all (some 6 MB of JSON): a page of 1,000
 * concepts of /narrower or /top with `fields=narrower` would otherwise hold a million.
 */
export const MAX_NARROWER_IN_ANSWER = 100_000;

/**
 * How many concepts `narrower` lists for each of `listed` concepts shown in one answer: 1,000,
 * or fewer where the answer's 100,000 are shared by more than 100 concepts (100 each on a
 * page of 1,000).
 */
export function narrowerShown(listed: number): number {
  return Math.min(MAX_NARROWER_SHOWN, Math.floor(MAX_NARROWER_IN_ANSWER / Math.max(1, listed)));
}

/** The opt-in fields that describe the concept itself: what the reconciliation preview and data extension read. */
export const DETAIL_FIELDS: readonly Field[] = FIELDS.filter((field) => !BROWSE_FIELDS.includes(field));

/** A concept scheme as /schemes lists it. */
export interface SchemeSummary {
  uri: string;
  prefLabel: string;
  /** Its concepts that are not deprecated. */
  concepts: number;
  /** How many /top lists for it. */
  topConcepts: number;
  /** The language tags of its concepts' prefLabels, lower case, sorted. */
  languages: string[];
}

/**
 * How far `ancestors` walks up at most, on either path: a hierarchy deeper than this (none
 * that we know of comes near it) is cut at its top. A cycle stops the walk before.
 */
export const MAX_ANCESTORS = 64;

/** /schemes' order, on either path: by prefLabel, then URI, in code-point order. */
export function compareSchemes(a: SchemeSummary, b: SchemeSummary): number {
  return compareCodePoints(a.prefLabel, b.prefLabel) || compareCodePoints(a.uri, b.uri);
}
