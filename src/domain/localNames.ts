import { isRdfIri } from './iri.js';

/** The most namespaces `namespacesOf` gives: a vocabulary has a few, a sample of mixed data may have many. */
export const MAX_NAMESPACES = 20;

/** How many concepts a sample for `namespacesOf` takes. */
export const NAMESPACE_SAMPLE = 1000;

/** An IRI's namespace: all of it up to its last `/` or `#` (undefined when it has neither after its scheme). */
export function namespaceOf(iri: string): string | undefined {
  const end = Math.max(iri.lastIndexOf('/'), iri.lastIndexOf('#'));
  return end < iri.indexOf(':') || end === iri.length - 1 ? undefined : iri.slice(0, end + 1);
}

/** The namespaces of some IRIs, the commonest first (ties in code-point order), at most MAX_NAMESPACES. */
export function namespacesOf(iris: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const iri of iris) {
    const namespace = namespaceOf(iri);
    if (namespace !== undefined) counts.set(namespace, (counts.get(namespace) ?? 0) + 1);
  }
  return [...counts]
    .sort(([a, countA], [b, countB]) => countB - countA || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, MAX_NAMESPACES)
    .map(([namespace]) => namespace);
}

/**
 * The IRIs a name may be the last segment of, one per namespace (`12345-6` in
 * `http://zbw.eu/stw/descriptor/`): none when the name cannot be one (it holds white space,
 * `/`, `#`, `?`, or is over 200 characters), or holds no digit, or the IRI made is not
 * valid. The digit: an identifier has one (`c80`, `D012345`, `12345-6`), while a
 * vocabulary that makes IRIs of its labels (`food:tea`) would otherwise take a word for an
 * identifier and call a name that two concepts carry a match.
 */
export function localNameIris(name: string, namespaces: readonly string[]): string[] {
  if (name.length > 200 || !/^[^\s/#?]+$/u.test(name) || !/\p{Nd}/u.test(name)) return [];
  return namespaces.map((namespace) => namespace + name).filter(isRdfIri);
}

/**
 * What names a resource that has no label: the last segment of its IRI (`stw` of
 * `http://zbw.eu/stw`, `dishes` of `https://example.org/food/dishes`, `c1` of `urn:x:c1`),
 * else the IRI itself: a scheme is never named "".
 */
export function lastSegmentOf(iri: string): string {
  const segments = iri
    .replace(/[#/]+$/, '')
    .split(/[#/:]/)
    .filter((segment) => segment !== '');
  return segments.at(-1) ?? iri;
}
