// The type-ahead page: the concept field (`<concept-field>`, ../concept-field.js, the part any
// form can use) over /suggest, and a card from /get for the chosen concept. Plain JavaScript
// served as is: no build step, no CDN. Every URL is relative to the page, so the page works
// under any BASE_PATH.
import '../concept-field.js';

const field = document.getElementById('q');
const langSelect = document.getElementById('lang');
const announcer = document.getElementById('announcer');
const problem = document.getElementById('problem');
const card = document.getElementById('card');

let cardRequest; // the AbortController of the /get request in flight

const api = (path, params) => {
  const url = new URL(path, document.baseURI);
  for (const [name, value] of params) if (value !== '') url.searchParams.append(name, value);
  return url;
};

/** GET a JSON answer; an error answer throws with the service's message. */
async function getJson(url, signal) {
  const response = await fetch(url, { signal, headers: { Accept: 'application/json' } });
  const body = await response.json().catch(() => undefined);
  if (!response.ok) throw new Error(body?.message ?? `the service answered ${response.status}`);
  return body;
}

function showProblem(message) {
  problem.textContent = message === undefined ? '' : `Sorry: ${message}.`;
  problem.hidden = message === undefined;
}

// a concept chosen in the field opens its card
field.addEventListener('change', (event) => {
  if (event.detail?.removed !== true && event.detail?.uri !== undefined) void showCard(event.detail.uri, { push: true });
});
// the language chosen is that of matching and of labels, in the field and on the card
langSelect.addEventListener('change', () => {
  field.setAttribute('lang', langSelect.value);
  const shown = shownUri();
  if (shown !== null) void showCard(shown, { push: false });
});
document.querySelector('form').addEventListener('submit', (event) => event.preventDefault());

// ---- the concept card ----------------------------------------------------------------------

/**
 * The concept the address names (`?uri=`), or null. A link made from the reconciliation
 * manifest's `view` template (OpenRefine's) holds the IRI raw: its `&`, `+` and `#` as they
 * are. So the IRI is everything after `uri=`, fragment included, decoded once; an address
 * this page made itself holds it encoded, which decodes the same.
 */
function shownUri() {
  const address = location.search + location.hash;
  const match = /[?&]uri=/.exec(address);
  if (match === null) return null;
  const raw = address.slice(match.index + 5);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function cardLink(uri) {
  const url = new URL(location.href);
  url.search = `?uri=${encodeURIComponent(uri)}`;
  url.hash = '';
  return url;
}

/** Shows the concept's card from /get; `push` adds it to the browser history. */
async function showCard(uri, { push, focus = false }) {
  cardRequest?.abort();
  const controller = new AbortController();
  cardRequest = controller;
  if (push) history.pushState({ uri }, '', cardLink(uri));
  let concept;
  try {
    const body = await getJson(
      api('get', [
        ['uri', uri],
        ['lang', langSelect.value],
        ['fields', 'ancestors,broader,narrower,notation,scopeNote'],
      ]),
      controller.signal,
    );
    if (cardRequest !== controller) return;
    concept = body._embedded.concepts[0];
    showProblem(concept === undefined ? `there is no concept ${uri}` : undefined);
  } catch (error) {
    if (controller.signal.aborted) return;
    showProblem(error.message);
  }
  card.hidden = concept === undefined;
  if (concept === undefined) return;

  const title = document.getElementById('card-title');
  title.textContent = concept.prefLabel === '' ? concept.uri : concept.prefLabel;
  title.dir = 'auto';
  const link = document.getElementById('card-uri');
  link.textContent = concept.uri;
  if (/^https?:/i.test(concept.uri)) link.href = concept.uri;
  else link.removeAttribute('href');

  const notation = document.getElementById('card-notation');
  notation.hidden = (concept.notation ?? []).length === 0;
  notation.textContent = (concept.notation ?? []).join(' · ');

  const note = document.getElementById('card-note');
  note.hidden = (concept.scopeNote ?? '') === '';
  note.querySelector('p').textContent = concept.scopeNote ?? '';

  // where it sits: the path from the top of its hierarchy, each step a link to its card
  const place = document.getElementById('card-place');
  place.hidden = (concept.ancestors ?? []).length === 0;
  place.querySelector('ol').replaceChildren(...(concept.ancestors ?? []).map((entry) => linkItem(entry)));
  fillLinks(document.getElementById('card-broader'), concept.broader ?? []);
  fillLinks(document.getElementById('card-narrower'), concept.narrower ?? []);

  const alt = document.getElementById('card-alt');
  alt.hidden = concept.altLabels.length === 0;
  alt.querySelector('ul').replaceChildren(
    ...concept.altLabels.map((label) => {
      const item = document.createElement('li');
      item.textContent = label;
      item.dir = 'auto';
      return item;
    }),
  );

  fillLinks(document.getElementById('card-related'), concept.related);
  announcer.textContent = `Showing ${title.textContent}.`;
  if (focus) title.focus();
}

/** A card section of links to other concepts' cards (broader, narrower, related); hidden when empty. */
function fillLinks(section, entries) {
  section.hidden = entries.length === 0;
  section.querySelector('ul').replaceChildren(...entries.map((entry) => linkItem(entry)));
}

/** A list item with a link to another concept's card. */
function linkItem(entry) {
  const item = document.createElement('li');
  const anchor = document.createElement('a');
  anchor.href = cardLink(entry.uri).href;
  anchor.textContent = entry.label === '' ? entry.uri : entry.label;
  anchor.dir = 'auto';
  anchor.addEventListener('click', (event) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return; // a new tab
    event.preventDefault();
    void showCard(entry.uri, { push: true, focus: true });
  });
  item.append(anchor);
  return item;
}

window.addEventListener('popstate', () => {
  const uri = shownUri();
  if (uri === null) card.hidden = true;
  else void showCard(uri, { push: false });
});

// ---- start -----------------------------------------------------------------------------------

async function loadLanguages() {
  let body;
  try {
    body = await getJson(api('languages', []));
  } catch {
    return; // the selector keeps "All languages"
  }
  // a browser's locale may be no valid tag (en-US@posix): DisplayNames refuses it, and English names the languages
  const displayNames = (locales) => {
    try {
      return new Intl.DisplayNames(locales, { type: 'language' });
    } catch {
      return undefined;
    }
  };
  const names = typeof Intl.DisplayNames === 'function' ? (displayNames([navigator.language, 'en']) ?? displayNames(['en'])) : undefined;
  const nameOf = (code) => {
    try {
      return names?.of(code) ?? code;
    } catch {
      return code;
    }
  };
  langSelect.options[0].title = `Matches labels in every language; shows them in ${nameOf(body.default)}`;
  for (const code of body.languages) langSelect.append(new Option(`${nameOf(code)} (${code})`, code));
}

void loadLanguages();
const initial = shownUri();
if (initial !== null) void showCard(initial, { push: false });
