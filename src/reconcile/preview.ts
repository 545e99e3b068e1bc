import type { Concept, Related } from '../domain/Concept.js';
import { PREVIEW_FRAGMENT_SCRIPT } from './substitutedId.js';

/** The size of the preview card, as the manifest announces it to clients (an iframe). */
export const PREVIEW_WIDTH = 420;
export const PREVIEW_HEIGHT = 220;

/** Why a concept is a candidate for a name, as the card says it (`preview?id=&q=`). */
export interface PreviewReasons {
  q: string;
  /** The candidate's features in words (matchFeatures.ts's `reasonsOf`), or that it is no candidate. */
  reasons: string;
  score: number | undefined;
  match: boolean;
}

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The reconciliation preview of a concept: a small HTML card (with `why`, first the reasons
 * it is a candidate for a name; then its prefLabel, notations,
 * broader concepts, alternative labels, scope note and schemes, and a link to its card on
 * the service's page), every text escaped; its one script is PREVIEW_FRAGMENT_SCRIPT. `card`
 * is the page URL for a URI.
 */
export function previewHtml(concept: Concept, card: (uri: string) => string, why?: PreviewReasons): string {
  const links = (list: readonly Related[]): string =>
    list.map((r) => `<a href="${escapeHtml(card(r.uri))}" target="_blank" rel="noopener">${escapeHtml(r.label || r.uri)}</a>`).join(', ');
  const row = (name: string, html: string): string => (html === '' ? '' : `<tr><th>${name}</th><td dir="auto">${html}</td></tr>`);
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(concept.prefLabel || concept.uri)}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:8px;color:#1d1d1f}
h1{font-size:16px;margin:0 0 4px}
.uri{font-size:11px;color:#555;word-break:break-all;margin:0 0 6px}
table{border-collapse:collapse}th{text-align:left;vertical-align:top;color:#555;font-weight:normal;padding:1px 8px 1px 0;white-space:nowrap}td{padding:1px 0}
a{color:#0b57d0}
</style></head>
<body>
<h1 dir="auto"><a href="${escapeHtml(card(concept.uri))}" target="_blank" rel="noopener">${escapeHtml(concept.prefLabel || concept.uri)}</a></h1>
<p class="uri">${escapeHtml(concept.uri)}</p>
<table>
${[
  ...(why === undefined
    ? []
    : [
        row(
          `For “${escapeHtml(why.q)}”`,
          `${why.match ? '<strong>a match</strong>' : 'no match'}${why.score === undefined ? '' : `, score ${why.score}`}: ${escapeHtml(why.reasons)}`,
        ),
      ]),
  row('Notation', escapeHtml((concept.notation ?? []).join(', '))),
  row('Broader', links(concept.broader ?? [])),
  row('Also', escapeHtml(concept.altLabels.join(' · '))),
  row('Scope note', escapeHtml(concept.scopeNote ?? '')),
  // a scheme is no concept: the service's page has no card for it
  row('Scheme', (concept.scheme ?? []).map((r) => `<span title="${escapeHtml(r.uri)}">${escapeHtml(r.label || r.uri)}</span>`).join(', ')),
]
  .filter((r) => r !== '')
  .join('\n')}
</table>
<script>${PREVIEW_FRAGMENT_SCRIPT}</script>
</body></html>
`;
}

/** The preview's page for an id that is no concept (a 404): it says so, escaped, and carries the same script. */
export function previewMissingHtml(id: string): string {
  const shown = [...id].length > 200 ? `${[...id].slice(0, 200).join('')}...` : id;
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>No such concept</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:8px;color:#1d1d1f}p{word-break:break-all}</style></head>
<body>
<p>No concept <span dir="auto">${escapeHtml(shown)}</span></p>
<script>${PREVIEW_FRAGMENT_SCRIPT}</script>
</body></html>
`;
}
