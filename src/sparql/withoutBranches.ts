import type { Pattern, SelectQuery } from 'sparqljs';
import { mentionsVariable } from './bindQuery.js';

/**
 * A copy of `template` without the UNION alternatives that mention `?variable` (after their
 * own inner UNIONs have lost theirs). A UNION left
 * with one alternative becomes that alternative's group, which matches the same rows; a UNION
 * whose every alternative mentions the variable is kept whole (leaving it out would match
 * everything the rest of the query matches, not nothing). The template is never changed.
 */
export function withoutBranches(template: SelectQuery, variable: string): SelectQuery {
  return prune(template, variable) as SelectQuery;
}

function prune(node: unknown, variable: string): unknown {
  if (Array.isArray(node)) return node.map((child) => prune(child, variable));
  if (typeof node !== 'object' || node === null || 'termType' in node) return node;
  const pattern = node as Pattern;
  if (pattern.type === 'union') {
    // inner UNIONs first: an alternative that holds a UNION with a branch to drop stays
    const patterns = pattern.patterns
      .map((alternative) => prune(alternative, variable) as Pattern)
      .filter((alternative) => !mentionsVariable(alternative, variable));
    if (patterns.length === 0) return node;
    return patterns.length === 1 ? asGroup(patterns[0] as Pattern) : { type: 'union', patterns };
  }
  return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, prune(child, variable)]));
}

function asGroup(pattern: Pattern): Pattern {
  return pattern.type === 'group' ? pattern : { type: 'group', patterns: [pattern] };
}
