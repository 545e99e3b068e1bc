import { createHash } from 'node:crypto';

/**
 * The ids a link made from one of the manifest's templates (`preview?id={{id}}`,
 * `/?uri={{id}}`) may carry for `name`, most likely first. OpenRefine puts the concept's IRI
 * in raw and then passes the URL through `encodeURI`, which leaves `&`, `?`, `=`, `+` and `#`
 * as they are: `preview?id=http://example.org/a?x=1&y=2` must give the whole IRI, not
 * `http://example.org/a?x=1`. So the first is everything after the first `name=` (the
 * template puts the id last), percent-decoded once; the second the parameter as a form
 * decodes it, for a client that encoded the id properly and added more parameters behind it.
 * A `#` never reaches the server: `PREVIEW_FRAGMENT_SCRIPT` brings it back.
 */
export function substitutedIds(search: string, name: string): string[] {
  const query = search.startsWith('?') ? search.slice(1) : search;
  const after = query.startsWith(`${name}=`) ? 0 : query.indexOf(`&${name}=`) + 1;
  if (after === 0 && !query.startsWith(`${name}=`)) return [];
  const raw = query.slice(after + name.length + 1);
  const whole = decodedOnce(raw);
  const parsed = new URLSearchParams(query).get(name) ?? undefined;
  return [...new Set([whole, ...(parsed === undefined ? [] : [parsed])])];
}

/** `text` with its percent escapes decoded; as it is where one is malformed (a raw `%` in an IRI). */
function decodedOnce(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The preview's one script: an id with a `#` (`http://example.org/scheme#concept`, common in
 * SKOS) put raw into `preview?id={{id}}` loses its fragment before the request; the page
 * asks again with the whole id encoded, so that the card is the concept's and not its
 * document's. It runs only where the address has a fragment.
 */
export const PREVIEW_FRAGMENT_SCRIPT =
  "(function(){var h=location.hash,m=/[?&]id=/.exec(location.search);if(h.length>1&&m){var r=location.search.slice(m.index+4);try{r=decodeURIComponent(r)}catch(e){}location.replace(location.pathname+'?id='+encodeURIComponent(r+h))}})();";

/** The script's hash, for the preview's Content-Security-Policy (it allows that script alone). */
export const PREVIEW_FRAGMENT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(PREVIEW_FRAGMENT_SCRIPT).digest('base64')}'`;
