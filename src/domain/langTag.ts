/**
 * A language tag as RDF writes one (Turtle's LANGTAG: letters, then `-` and letters or
 * digits), which covers every well-formed BCP 47 tag (`en`, `pt-BR`, `zh-Hant-TW`).
 * Tags compare case-insensitively, so this service always handles them in lower case.
 */
export const LANG_TAG = /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/;

export function isLangTag(value: string): boolean {
  return LANG_TAG.test(value);
}
