// The type-ahead page: a search field that follows the WAI-ARIA combobox pattern
// (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/), over /suggest, and a card from
// /get for the chosen concept. Plain JavaScript served as is: no build step, no CDN.
// Every URL is relative to the page, so the page works under any BASE_PATH.

const DEBOUNCE_MS = 150;
const SUGGESTIONS = 10;

const input = document.getElementById('q');
const listbox = document.getElementById('suggestions');
const langSelect = document.getElementById('lang');
const announcer = document.getElementById('announcer');
const problem = document.getElementById('problem');
const card = document.getElementById('card');

/** The suggestions on show, the query they are for, and the one the arrow keys are on (-1: none). */
let suggestions = [];
let shownFor = '';
let active = -1;
let debounce;
let pending; // the AbortController of the /suggest request in flight
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

// ---- matching, for the highlight: as the service folds (case and diacritics) --------------

const fold = (text) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * `label` as text nodes, with each part that a query word matched (the start of a word of
 * the label) in a <mark>. Built from DOM nodes, never from HTML strings.
 */
function highlighted(label, query) {
  const queryWords = fold(query).match(WORD) ?? [];
  const fragment = document.createDocumentFragment();
  let shown = 0;
  for (const match of label.matchAll(WORD)) {
    const word = fold(match[0]);
    const longest = queryWords.filter((q) => word.startsWith(q)).reduce((a, b) => (b.length > a.length ? b : a), '');
    if (longest === '') continue;
    // as many characters of the label as folding turned into the matched letters
    let end = match.index;
    for (let folded = 0; folded < longest.length && end < match.index + match[0].length; ) {
      const character = String.fromCodePoint(label.codePointAt(end));
      folded += fold(character).length;
      end += character.length;
    }
    fragment.append(label.slice(shown, match.index));
    const mark = document.createElement('mark');
    mark.textContent = label.slice(match.index, end);
    fragment.append(mark);
    shown = end;
  }
  fragment.append(label.slice(shown));
  return fragment;
}

// ---- the combobox --------------------------------------------------------------------------

function open(isOpen) {
  listbox.hidden = !isOpen;
  input.setAttribute('aria-expanded', String(isOpen));
  if (!isOpen) setActive(-1);
}

function setActive(index) {
  const options = listbox.querySelectorAll('[role="option"]');
  options[active]?.setAttribute('aria-selected', 'false');
  active = index;
  const option = options[index];
  if (option === undefined) {
    input.removeAttribute('aria-activedescendant');
    return;
  }
  option.setAttribute('aria-selected', 'true');
  input.setAttribute('aria-activedescendant', option.id);
  option.scrollIntoView({ block: 'nearest' });
}

function render(query, concepts) {
  suggestions = concepts;
  shownFor = query;
  listbox.replaceChildren(
    ...concepts.map((concept, index) => {
      const option = document.createElement('li');
      option.id = `suggestion-${index}`;
      option.setAttribute('role', 'option');
      option.setAttribute('aria-selected', 'false');
      const label = document.createElement('span');
      label.className = 'suggestion-label';
      label.dir = 'auto'; // Arabic and Hebrew labels read right to left
      const shown = concept.prefLabel === '' ? concept.uri : highlighted(concept.prefLabel, query);
      label.append(shown);
      const uri = document.createElement('span');
      uri.className = 'suggestion-uri';
      uri.textContent = concept.uri;
      option.append(label);
      // found through another label (an altLabel, another language): the page says so, and
      // highlights nothing, rather than show the prefLabel as if it had matched
      if (concept.prefLabel !== '' && label.querySelector('mark') === null) {
        const via = document.createElement('span');
        via.className = 'suggestion-via';
        via.textContent = 'found by another of its labels';
        option.append(via);
      }
      // the broader concepts, quieter: what tells namesakes apart ("Mint" under Herbs, under Sweets)
      const broader = (concept.broader ?? []).map((entry) => entry.label || entry.uri);
      if (broader.length > 0) {
        const context = document.createElement('span');
        context.className = 'suggestion-broader';
        context.dir = 'auto';
        context.textContent = `in ${broader.join(' · ')}`;
        option.append(context);
      }
      option.append(uri);
      // mousedown would take the focus from the field; the choice is made on click
      option.addEventListener('mousedown', (event) => event.preventDefault());
      option.addEventListener('click', () => choose(index));
      return option;
    }),
  );
  active = -1;
  input.removeAttribute('aria-activedescendant');
  open(concepts.length > 0);
  announcer.textContent = concepts.length === 0 ? 'No concept found.' : `${concepts.length} suggestion${concepts.length === 1 ? '' : 's'}. Use the arrow keys to choose.`;
}

async function suggest() {
  const query = input.value.trim();
  pending?.abort();
  if (query === '') {
    render(query, []);
    announcer.textContent = '';
    return;
  }
  const controller = new AbortController();
  pending = controller;
  try {
    const body = await getJson(api('suggest', [['q', query], ['count', String(SUGGESTIONS)], ['lang', langSelect.value], ['fields', 'broader']]), controller.signal);
    if (pending !== controller) return; // a later keystroke has its own request
    showProblem(undefined);
    render(query, body.concepts ?? body._embedded.concepts); // API_COMPAT=skos-suggester answers in the HAL envelope
  } catch (error) {
    if (controller.signal.aborted) return;
    render(query, []);
    showProblem(error.message);
  }
}

function choose(index) {
  const concept = suggestions[index];
  if (concept === undefined) return;
  input.value = concept.prefLabel === '' ? concept.uri : concept.prefLabel;
  open(false);
  void showCard(concept.uri, { push: true });
}

/** Whether the suggestions held are those of what the field says now. */
const current = () => suggestions.length > 0 && shownFor === input.value.trim();

input.addEventListener('input', () => {
  clearTimeout(debounce);
  if (input.value.trim() === '') void suggest(); // an emptied field closes the list at once
  else debounce = setTimeout(suggest, DEBOUNCE_MS);
});

input.addEventListener('keydown', (event) => {
  const count = suggestions.length;
  switch (event.key) {
    case 'ArrowDown':
    case 'ArrowUp': {
      if (count === 0 || (listbox.hidden && !current())) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (listbox.hidden) {
        open(true);
        setActive(step === 1 ? 0 : count - 1);
      } else {
        setActive(active === -1 ? (step === 1 ? 0 : count - 1) : (active + step + count) % count);
      }
      break;
    }
    case 'Enter':
      event.preventDefault(); // the form is never submitted
      // nothing highlighted: the first suggestion, the best one
      if (!listbox.hidden || current()) choose(active === -1 ? 0 : active);
      break;
    case 'Escape':
      if (!listbox.hidden) open(false);
      else input.value = '';
      event.preventDefault();
      break;
    default:
  }
});

input.addEventListener('blur', () => open(false));
input.addEventListener('focus', () => {
  if (current()) open(true);
});
langSelect.addEventListener('change', () => {
  if (input.value.trim() !== '') void suggest();
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
    const body = await getJson(api('get', [['uri', uri], ['lang', langSelect.value], ['fields', 'broader,notation,scopeNote']]), controller.signal);
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

  fillLinks(document.getElementById('card-broader'), concept.broader ?? []);

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

/** A card section of links to other concepts' cards (broader, related); hidden when empty. */
function fillLinks(section, entries) {
  section.hidden = entries.length === 0;
  section.querySelector('ul').replaceChildren(
    ...entries.map((entry) => {
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
    }),
  );
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
  const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([navigator.language, 'en'], { type: 'language' }) : undefined;
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
