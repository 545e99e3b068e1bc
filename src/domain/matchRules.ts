import type { MatchedLabel } from './matchedLabel.js';

/**
 * When reconciliation says `match: true` (docs/openrefine.md, "When a candidate is a match"):
 * a small, declared set of rules, chosen with RECONCILE_MATCH and measured on a labelled set of
 * messy names (RELEVANCE.md) and on an institution's own (`calibrate`). Each keeps the rules
 * before it and adds one kind of evidence; each needs the candidate to agree with every
 * property given.
 *
 * - `names`: the candidate is the only concept with a label that names the query once folded
 *   (case, accents, punctuation and spaces aside; less a leading article; an inverted heading),
 *   or the only one whose notation (or IRI's last segment) it is.
 * - `near`: also, where no concept names it: the first candidate's best label pairs with the
 *   query word for word, each pair equal, in another spelling or number (plural, singular) or
 *   one typo apart, in any order (never a derivation's stem: `education`, `educational`; and a
 *   typo only where the labels a typo away were all looked for: on the label index);
 *   no other candidate's label does; and the first leads the next by at least NEAR_LEAD.
 * - `loose`: also, where no candidate is near, a label with one word more or less than the
 *   query (a qualifier left out or added, a word dropped), on the same terms. Measured, it
 *   matches wrongly where a name carries another concept's whole label (`Germany (OECD
 *   countries)`): it is for a vocabulary whose names are known to be clean but for that.
 */
export const MATCH_RULES = ['names', 'near', 'loose'] as const;
export type MatchRule = (typeof MATCH_RULES)[number];

/** How far the first candidate's score must lead the next one's for `near` and `loose` (0 to 100). */
export const NEAR_LEAD = 5;

/** What the rules read of a candidate, in the order the candidates are answered (best first). */
export interface MatchEvidence {
  score: number;
  /** A label of it names the query (`ReconcileQuery.names`). */
  names: boolean;
  /** Its notation (or its IRI's last segment) is the query. */
  identifier: boolean;
  /** A property given disagrees with it. */
  disagrees: boolean;
  matched: MatchedLabel | undefined;
}

/**
 * Per candidate, in order: whether it is a match under `rule`. `namesakes`: how many concepts,
 * of all, name the query and agree with the properties; `named`: whether any concept names it
 * (a namesake that disagrees too leaves the other rules no room).
 */
export function matchesOf(
  rule: MatchRule,
  candidates: readonly MatchEvidence[],
  namesakes: number,
  named: boolean,
  /** Whether the candidates include every label a typo from the name (the label index's do; the store path's do not). */
  typosSought = true,
): boolean[] {
  const agreeing = candidates.filter((c) => !c.disagrees);
  const identifiers = agreeing.filter((c) => c.identifier).length;
  const byName = candidates.map(
    (c) => !c.disagrees && ((c.identifier && identifiers === 1) || (c.names && namesakes === 1 && identifiers === 0)),
  );
  if (rule === 'names' || byName.some(Boolean) || identifiers > 0 || named) return byName;
  const [first, second] = candidates;
  const lead = (first?.score ?? 0) - (second?.score ?? 0);
  // the first is the only candidate whose label pairs with the name leaving at most `unpaired` words
  const aloneWithin = (unpaired: number): boolean => {
    // a derivation's stem (`stem`) is no evidence of the same concept: `education` is not `educational`
    const near = (c: MatchEvidence): boolean =>
      !c.disagrees &&
      c.matched !== undefined &&
      c.matched.how !== 'none' &&
      c.matched.derived === 0 &&
      (typosSought || c.matched.typos === 0) &&
      c.matched.unpaired <= unpaired;
    return first !== undefined && near(first) && agreeing.filter(near).length === 1 && lead >= NEAR_LEAD;
  };
  const alone = aloneWithin(0) || (rule === 'loose' && aloneWithin(1));
  return candidates.map((_, i) => alone && i === 0);
}

/** The lead of each candidate over the best of the others, in score points (negative for all but the first where it is ahead). */
export function leadsOf(scores: readonly number[]): number[] {
  const [best = 0, next = 0] = scores;
  return scores.map((score, i) => Math.round((score - (i === 0 ? next : best)) * 100) / 100);
}
