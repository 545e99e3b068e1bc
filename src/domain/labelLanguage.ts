/**
 * The primary subtags that say a label is in no one language (API.md, "Concept"): `mul`
 * (several languages), `und` (undetermined) and `zxx` (no linguistic content). A label so
 * tagged counts as a label with no tag everywhere: it speaks every language, `lang` never
 * filters it out, and it is chosen where an untagged label would be. A subtag after them
 * (`und-Latn`, a script) changes nothing.
 */
export const LANGUAGE_NEUTRAL = ['mul', 'und', 'zxx'] as const;

/** A label's language as the service compares it: lower case, "" for none or a language-neutral tag. */
export function labelLanguage(tag: string): string {
  if (tag === '') return '';
  const lower = tag.toLowerCase();
  const dash = lower.indexOf('-');
  const primary = dash < 0 ? lower : lower.slice(0, dash);
  return (LANGUAGE_NEUTRAL as readonly string[]).includes(primary) ? '' : lower;
}
