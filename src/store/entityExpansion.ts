/** The most one entity of an RDF/XML file's DOCTYPE may expand to. Namespace abbreviations (`&skos;`) are tens of bytes. */
export const MAX_ENTITY_BYTES = 1 << 20;

/**
 * What the entities declared in an RDF/XML file's DOCTYPE would add to it once expanded: the
 * largest single expansion, and all of them together over every reference to them in the
 * file. Entities that refer to each other multiply (970 bytes of nested entities make a
 * label of 30 MB, 1 kB a few GB: "billion laughs"), so the expansion is counted before the
 * parser is given the file. Only internal entities count (`<!ENTITY name "value">`, general
 * and parameter); a cycle counts as endless.
 */
export function entityExpansion(text: string): { largest: number; added: number; name: string | undefined } {
  const doctype = /<!DOCTYPE[^[>]*\[([\s\S]*?)\]\s*>/.exec(text.slice(0, Math.min(text.length, 1 << 20)));
  if (doctype === null) return { largest: 0, added: 0, name: undefined };
  const values = new Map<string, string>();
  for (const match of (doctype[1] as string).matchAll(/<!ENTITY\s+(%\s+)?([^\s"'%&;<>]+)\s+(?:"([^"]*)"|'([^']*)')/g))
    values.set(`${match[1] === undefined ? '&' : '%'}${match[2] as string}`, match[3] ?? match[4] ?? '');
  const sizes = new Map<string, number>();
  const sizeOf = (key: string, seen: Set<string>): number => {
    const known = sizes.get(key);
    if (known !== undefined) return known;
    const value = values.get(key);
    if (value === undefined) return 0; // a character reference, a predefined entity, or one not declared here
    if (seen.has(key)) return Infinity;
    seen.add(key);
    let size = value.length;
    for (const ref of value.matchAll(/([&%])([^\s"'%&;<>]+);/g)) {
      size += sizeOf(`${ref[1] as string}${ref[2] as string}`, seen) - (ref[0] as string).length;
      if (size > Number.MAX_SAFE_INTEGER) size = Infinity;
    }
    seen.delete(key);
    sizes.set(key, size);
    return size;
  };
  let largest = 0;
  let name: string | undefined;
  for (const key of values.keys()) {
    const size = sizeOf(key, new Set());
    if (size > largest) [largest, name] = [size, key.slice(1)];
  }
  let added = 0;
  const body = text.slice(doctype.index + doctype[0].length);
  for (const ref of body.matchAll(/&([^\s"'%&;<>]+);/g)) {
    const size = sizes.get(`&${ref[1] as string}`);
    if (size !== undefined) added += size - (ref[0] as string).length;
  }
  return { largest, added, name };
}
