/**
 * Whether a label with language `tag` speaks the display language `display` (both lower
 * case): its tag is in that language range (`en` speaks for `en-gb`'s range `en`), or it has
 * no tag. The same test restricts matching when a request gives `lang`.
 */
export function speaks(display: string, tag: string): boolean {
  return tag === '' || tag === display || (tag.startsWith(display) && tag.charAt(display.length) === '-');
}

/** The primary language subtag of a lower-case tag: `pt` for `pt-br`. */
export function primaryLanguage(tag: string): string {
  const dash = tag.indexOf('-');
  return dash < 0 ? tag : tag.slice(0, dash);
}
