// <concept-field>: a form control that lets a person choose concepts of the vocabulary by
// typing, and submits their IRIs. Load it from the service (the page that uses it may be on
// any origin), then write the element in a form:
//
//   <script type="module" src="https://lookup.example.org/concept-field.js"></script>
//   <concept-field name="subject" multiple lang="en" scheme="http://example.org/scheme"></concept-field>
//
// A form-associated custom element: the form data holds one entry under `name` per chosen
// concept (its IRI). It follows the WAI-ARIA 1.2 combobox pattern with a listbox, and asks the
// service it was loaded from (`/suggest`, `/get`; the `service` attribute says another). With
// `browse`, a button beside the text box opens the vocabulary as a tree (concept-tree.js,
// loaded only then).
// Plain JavaScript served as it is: no dependency, no build step. The documentation is the
// service's page /concept-field.

const DEBOUNCE_MS = 150;
const ANNOUNCE_AFTER_MS = 500;
const FIELDS = ['ancestors', 'broader', 'notation', 'scheme'];
const here = new URL('.', import.meta.url);
let fields = 0; // numbers the elements' ids

/**
 * What the element says, in English. A page in another language replaces any of them, for every
 * field (`customElements.get('concept-field').messages = { none: 'Kein Begriff gefunden.', ... }`)
 * or for one (`field.messages = { ... }`), at any time: each is a text, or a function of the
 * values named.
 */
const MESSAGES = {
  hint: 'When suggestions appear, use the up and down arrows to review them and Enter to choose one.',
  field: 'Concept', // the field's name where no <label> or aria-label gives one
  suggestions: 'Suggestions',
  chosenList: 'Chosen concepts',
  remove: (label) => `Remove ${label}`,
  chosen: (label) => `${label} chosen.`,
  removed: (label) => `${label} removed.`,
  required: 'Choose a concept from the suggestions.',
  found: (count) => `${count} suggestion${count === 1 ? '' : 's'}. Use the up and down arrows to choose.`,
  none: 'No concept found.',
  via: 'found by another of its labels',
  broader: (labels) => `in ${labels}`,
  browse: 'Browse',
  tree: 'Concepts by their place',
  unreachable: 'The concept service cannot be reached. Your text is kept.',
  loading: (seconds) => `The concepts are still loading; trying again in ${seconds} s.`,
  failed: (status) => `The concept service answered ${status}.`,
};

const fold = (text) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const WORD = /[\p{L}\p{N}]+/gu;
const make = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};

/** `label` as text nodes, each part that a query word matched (a word's start, folded as the service folds) in a <mark>. */
function marked(label, query) {
  const words = fold(query).match(WORD) ?? [];
  const out = document.createDocumentFragment();
  let shown = 0;
  for (const match of label.matchAll(WORD)) {
    const word = fold(match[0]);
    const longest = words.filter((q) => word.startsWith(q)).reduce((a, b) => (b.length > a.length ? b : a), '');
    if (longest === '') continue;
    let end = match.index;
    for (let folded = 0; folded < longest.length && end < match.index + match[0].length;) {
      const character = String.fromCodePoint(label.codePointAt(end));
      folded += fold(character).length;
      end += character.length;
    }
    out.append(label.slice(shown, match.index), make('mark', { part: 'match', textContent: label.slice(match.index, end) }));
    shown = end;
  }
  out.append(label.slice(shown));
  return out;
}

const STYLE = `
:host { display: block; position: relative; font: inherit; color: var(--concept-field-ink, inherit); }
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
.box { display: flex; flex-wrap: wrap; gap: .35em; align-items: center; padding: .3em; border: var(--concept-field-border, 1px solid #8a93a3);
  border-radius: var(--concept-field-radius, 8px); background: var(--concept-field-surface, Field); color: var(--concept-field-ink, FieldText); }
.box:focus-within { outline: 3px solid var(--concept-field-accent, #2456c7); outline-offset: 1px; }
:host([disabled]) .box { opacity: .6; }
input { flex: 1 1 10em; min-width: 6em; font: inherit; color: inherit; background: transparent; border: 0; padding: .35em .4em; outline: none; }
ul { list-style: none; margin: 0; padding: 0; }
.chosen { display: contents; }
.chip { display: inline-flex; align-items: center; gap: .2em; padding: .1em .2em .1em .6em; border-radius: 999px;
  background: var(--concept-field-chip, #e8eefc); color: var(--concept-field-chip-ink, #1d2433); }
.chip button { font: inherit; line-height: 1; border: 0; border-radius: 999px; background: transparent; color: inherit; cursor: pointer; padding: .15em .4em; }
.chip button:focus-visible { outline: 2px solid var(--concept-field-accent, #2456c7); }
[role=listbox] { position: absolute; z-index: 10; left: 0; right: 0; top: calc(100% + 4px); max-height: 20em; overflow-y: auto;
  background: var(--concept-field-surface, Canvas); color: var(--concept-field-ink, CanvasText); border: var(--concept-field-border, 1px solid #8a93a3);
  border-radius: var(--concept-field-radius, 8px); box-shadow: 0 8px 24px rgb(0 0 0 / .15); }
[role=option] { padding: .45em .7em; cursor: pointer; }
[role=option][aria-selected=true] { background: var(--concept-field-active, #e8eefc); color: var(--concept-field-active-ink, #1d2433);
  outline: 2px solid var(--concept-field-accent, #2456c7); outline-offset: -2px; }
mark { background: var(--concept-field-mark, #fff0b3); color: inherit; font-weight: 600; }
.detail { display: block; font-size: .85em; color: var(--concept-field-muted, #4d5566); }
.message { margin: .3em 0 0; font-size: .9em; color: var(--concept-field-message, inherit); }
.browse { font: inherit; border: 0; border-radius: 6px; padding: .3em .6em; cursor: pointer;
  background: var(--concept-field-chip, #e8eefc); color: var(--concept-field-chip-ink, #1d2433); }
.browse:focus-visible { outline: 2px solid var(--concept-field-accent, #2456c7); }
.status { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`;

export class ConceptField extends HTMLElement {
  static formAssociated = true;
  static #messages = {};
  static #connected = new Set();
  /** The messages of every field, over the English ones (see MESSAGES); setting them renews what connected fields say. */
  static get messages() {
    return { ...MESSAGES, ...ConceptField.#messages };
  }
  static set messages(messages) {
    ConceptField.#messages = { ...messages };
    for (const field of ConceptField.#connected) field.#words();
  }
  static observedAttributes = ['browse', 'disabled', 'fields', 'lang', 'placeholder', 'required', 'scheme', 'value'];

  #internals = this.attachInternals();
  #chosen = []; // [{ uri, prefLabel }]
  #found = []; // the suggestions on show
  #active = -1;
  #shownFor = '';
  #answers = new Map(); // query -> suggestions, while the element lives
  #known = new Map(); // IRI -> prefLabel, as learnt while the element lives (a reset shows them at once)
  #request; // the AbortController of the request in flight
  #timer;
  #composing = false;
  #saying; // the timer of a message still to say
  #formDisabled = false;
  #id = `concept-field-${++fields}`;
  #own = {}; // this field's messages
  #name; // the field's name from its <label> or aria-label
  #tree; // the ConceptTree, once `browse` was first used

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open', delegatesFocus: true });
    root.append(make('style', { textContent: STYLE }));
    this.input = make('input', { type: 'text', dir: 'auto', autocomplete: 'off', spellcheck: false, part: 'input' });
    for (const [name, value] of Object.entries({
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': 'false',
      'aria-controls': 'list',
      'aria-describedby': 'hint',
      autocapitalize: 'off',
    }))
      this.input.setAttribute(name, value);
    this.chips = make('ul', { className: 'chosen', part: 'chosen' });
    // how to use it, read with the field (as GOV.UK's accessible-autocomplete explains itself)
    this.hint = make('p', { id: 'hint', className: 'status' });
    this.list = make('ul', { id: 'list', part: 'listbox', hidden: true });
    this.list.setAttribute('role', 'listbox');
    this.status = make('p', { className: 'status' });
    this.status.setAttribute('role', 'status');
    this.message = make('p', { className: 'message', part: 'message', hidden: true });
    this.browser = make('button', { type: 'button', className: 'browse', part: 'browse', hidden: true });
    this.browser.setAttribute('aria-expanded', 'false');
    this.browser.addEventListener('click', () => this.#browse());
    root.append(
      make('div', { className: 'box', part: 'box' }, this.chips, this.input, this.browser, this.list),
      this.hint,
      this.status,
      this.message,
    );
    this.input.addEventListener('input', (event) => this.#typed(event));
    this.input.addEventListener('change', (event) => event.stopPropagation()); // the element's own change events are the ones that count
    this.input.addEventListener('keydown', (event) => this.#key(event));
    this.input.addEventListener('compositionstart', () => (this.#composing = true));
    this.input.addEventListener('compositionend', () => {
      this.#composing = false;
      this.#later();
    });
    this.input.addEventListener('blur', () => this.#open(false));
    this.input.addEventListener('focus', () => this.#open(this.#current()));
  }

  connectedCallback() {
    // Written around a plain <input> (what a form without scripts submits): its text is taken over, and it submits nothing more.
    const plain = this.querySelector('input');
    if (plain !== null && !plain.disabled) {
      this.input.value ||= plain.value;
      this.input.placeholder ||= plain.placeholder;
      plain.disabled = true;
      plain.hidden = true;
    }
    const names = [
      this.getAttribute('aria-label'),
      ...[...this.#internals.labels, ...(plain?.labels ?? [])].map((label) => label.textContent.trim()),
    ];
    this.#name = names.find((name) => name);
    // messages set on the element before it was defined (an own property hides the accessor)
    if (Object.hasOwn(this, 'messages')) {
      const own = this.messages;
      delete this.messages;
      this.#own = { ...own };
    }
    ConceptField.#connected.add(this);
    this.#words();
    if (this.#chosen.length === 0) this.#preset();
  }

  disconnectedCallback() {
    ConceptField.#connected.delete(this);
  }

  /** This field's own messages, over every field's (see MESSAGES); setting them renews what it says. */
  get messages() {
    return { ...ConceptField.messages, ...this.#own };
  }
  set messages(messages) {
    this.#own = { ...messages };
    if (this.isConnected) this.#words();
  }

  /** Says the names and the hint in the page's words, and renews the validation message. */
  #words() {
    this.input.setAttribute('aria-label', this.#name || this.#t('field'));
    this.browser.textContent = this.#t('browse');
    this.list.setAttribute('aria-label', this.#t('suggestions'));
    this.chips.setAttribute('aria-label', this.#t('chosenList'));
    this.hint.textContent = this.#t('hint');
    this.#show(this.#chosen); // the remove buttons' names, and the validation message
  }

  attributeChangedCallback(name) {
    if (name === 'placeholder') this.input.placeholder = this.getAttribute('placeholder') ?? '';
    else if (name === 'value' && this.isConnected) this.#preset();
    else if (['fields', 'lang', 'scheme'].includes(name) && this.input.value.trim() !== '') this.#suggest(); // the list on show is asked again
    if (name === 'disabled') this.#disable();
    if (name === 'browse') this.browser.hidden = !this.hasAttribute('browse');
    this.#update();
  }

  // ---- the tree (browse) ----------------------------------------------------------------------

  /** Opens or closes the tree beside the text box; its code is loaded the first time. */
  async #browse(open = this.browser.getAttribute('aria-expanded') !== 'true') {
    this.browser.setAttribute('aria-expanded', String(open));
    if (!open) {
      this.#tree?.close();
      return;
    }
    if (this.#tree === undefined) {
      const { ConceptTree, TREE_STYLE } = await import(new URL('concept-tree.js', here));
      this.#tree = new ConceptTree({
        ask: (path, params) => this.#ask(path, params),
        pick: (concept) => {
          this.#choose(concept);
          if (!this.multiple) this.#browse(false).then(() => this.input.focus());
        },
        t: (key, ...values) => this.#t(key, ...values),
        scheme: () => this.getAttribute('scheme') ?? '',
        label: this.#t('tree'),
        say: (error) => this.#say(error),
      });
      this.#tree.element.addEventListener('keydown', (event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        this.#browse(false).then(() => this.browser.focus());
      });
      this.shadowRoot.append(make('style', { textContent: TREE_STYLE }), this.#tree.element);
    }
    await this.#tree.open();
  }

  formResetCallback() {
    this.input.value = '';
    this.#open(false);
    this.#preset();
  }

  formDisabledCallback(disabled) {
    this.#formDisabled = disabled; // a disabled fieldset around it
    this.#disable();
  }

  /** Typing and removing are off while the element or its fieldset is disabled. */
  #disable() {
    this.input.disabled = this.disabled || this.#formDisabled;
    for (const button of this.chips.querySelectorAll('button')) button.disabled = this.input.disabled;
  }

  formStateRestoreCallback(state) {
    if (state instanceof FormData) this.#preset(state.getAll(this.name).join(' ')); // the browser's restored IRIs, labelled anew
  }

  get name() {
    return this.getAttribute('name') ?? '';
  }
  get form() {
    return this.#internals.form;
  }
  get type() {
    return 'concept-field';
  }
  get disabled() {
    return this.hasAttribute('disabled');
  }
  set disabled(on) {
    this.toggleAttribute('disabled', Boolean(on));
  }
  get required() {
    return this.hasAttribute('required');
  }
  set required(on) {
    this.toggleAttribute('required', Boolean(on));
  }
  get multiple() {
    return this.hasAttribute('multiple');
  }
  /** The chosen concepts: [{ uri, prefLabel }]. */
  get concepts() {
    return this.#chosen.map((concept) => ({ ...concept }));
  }
  /** The first chosen concept's IRI, or "" (a <select>'s value). */
  get value() {
    return this.#chosen[0]?.uri ?? '';
  }
  /** Sets the chosen concepts to the IRIs given (separated by spaces), their labels asked for in one request. */
  set value(iris) {
    this.#preset(String(iris));
  }
  get validity() {
    return this.#internals.validity;
  }
  get validationMessage() {
    return this.#internals.validationMessage;
  }
  get willValidate() {
    return this.#internals.willValidate;
  }
  checkValidity() {
    return this.#internals.checkValidity();
  }
  reportValidity() {
    return this.#internals.reportValidity();
  }

  // ---- what is chosen -------------------------------------------------------------------------

  /** The concepts the `value` attribute (or `iris`) names, shown at once by IRI, then by label from one /get. */
  #preset(iris = this.getAttribute('value') ?? '') {
    const uris = [...new Set(iris.split(/\s+/).filter(Boolean))].slice(0, this.multiple ? 100 : 1);
    this.#show(uris.map((uri) => ({ uri, prefLabel: this.#known.get(uri) ?? uri })));
    const unknown = uris.filter((uri) => !this.#known.has(uri));
    if (unknown.length > 0) this.#label(unknown);
  }

  /** Asks the labels of chosen concepts (asked again when the service says when: it is still loading). */
  #label(uris) {
    this.#ask(
      'get',
      uris.map((uri) => ['uri', uri]),
    ).then(
      (body) => {
        for (const concept of body._embedded?.concepts ?? []) this.#known.set(concept.uri, concept.prefLabel);
        this.#say(undefined);
        this.#show(this.#chosen.map((concept) => ({ uri: concept.uri, prefLabel: this.#known.get(concept.uri) || concept.prefLabel })));
      },
      (error) => {
        this.#say(error);
        if (error.retryAfter !== undefined) setTimeout(() => this.#label(uris), error.retryAfter * 1000);
      },
    );
  }

  #choose(concept) {
    this.#known.set(concept.uri, concept.prefLabel);
    this.input.value = '';
    this.#open(false);
    if (!this.#chosen.some((kept) => kept.uri === concept.uri)) this.#show(this.multiple ? [...this.#chosen, concept] : [concept]);
    this.#announce(this.#t('chosen', concept.prefLabel || concept.uri));
    this.#tell({ uri: concept.uri, prefLabel: concept.prefLabel });
  }

  #remove(index) {
    const [concept] = this.#chosen.splice(index, 1);
    if (concept === undefined) return;
    this.#show(this.#chosen);
    this.input.focus();
    this.#announce(this.#t('removed', concept.prefLabel || concept.uri));
    this.#tell({ uri: concept.uri, prefLabel: concept.prefLabel, removed: true });
  }

  #tell(detail) {
    for (const type of ['input', 'change']) this.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true, detail }));
  }

  #show(concepts) {
    this.#chosen = [...concepts];
    this.chips.replaceChildren(
      ...this.#chosen.map((concept, index) => {
        const label = concept.prefLabel || concept.uri;
        const remove = make('button', {
          type: 'button',
          textContent: '×',
          part: 'remove',
          title: this.#t('remove', label),
          disabled: this.input.disabled,
        });
        remove.setAttribute('aria-label', this.#t('remove', label));
        remove.addEventListener('click', () => this.#remove(index));
        return make('li', { className: 'chip', part: 'chip' }, make('span', { dir: 'auto', textContent: label }), remove);
      }),
    );
    this.#update();
  }

  /** The form value (one entry per IRI under `name`) and the validity. */
  #update() {
    const data = new FormData();
    for (const concept of this.#chosen) data.append(this.name, concept.uri);
    this.#internals.setFormValue(this.name === '' ? null : data);
    this.input.required = this.required;
    if (this.required && this.#chosen.length === 0) this.#internals.setValidity({ valueMissing: true }, this.#t('required'), this.input);
    else this.#internals.setValidity({});
  }

  // ---- the combobox -------------------------------------------------------------------------

  #typed(event) {
    event.stopPropagation(); // a keystroke is not a choice: the element's input events carry concepts
    if (event.isComposing || this.#composing) return; // an input method is composing: no request until it is done
    this.#later();
  }

  #later() {
    clearTimeout(this.#timer);
    if (this.input.value.trim() === '') this.#suggest();
    else this.#timer = setTimeout(() => this.#suggest(), DEBOUNCE_MS);
  }

  #current() {
    return this.#found.length > 0 && this.#shownFor === this.input.value.trim();
  }

  #key(event) {
    if (event.isComposing || event.keyCode === 229) return;
    const count = this.#found.length;
    const open = !this.list.hidden;
    const move = (index) => {
      event.preventDefault();
      this.#open(true);
      this.#setActive(index);
    };
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (count === 0 || (!open && !this.#current())) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        move(!open || this.#active === -1 ? (step === 1 ? 0 : count - 1) : (this.#active + step + count) % count);
        break;
      }
      case 'Home':
      case 'End':
        if (open && this.#active !== -1) move(event.key === 'Home' ? 0 : count - 1);
        break;
      case 'Enter':
        if (open || (this.#current() && this.input.value.trim() !== '')) {
          event.preventDefault();
          const concept = this.#found[this.#active === -1 ? 0 : this.#active];
          if (concept !== undefined) this.#choose(concept);
        } else if (this.input.value === '') this.form?.requestSubmit(); // as Enter in a text field of the form does
        break;
      case 'Escape':
        if (open) this.#open(false);
        else this.input.value = '';
        event.preventDefault();
        break;
      case 'Backspace':
        if (this.input.value === '' && this.#chosen.length > 0) {
          event.preventDefault();
          this.#remove(this.#chosen.length - 1);
        }
        break;
      default:
    }
  }

  #open(on) {
    this.list.hidden = !on;
    this.input.setAttribute('aria-expanded', String(on));
    if (!on) this.#setActive(-1);
  }

  #setActive(index) {
    const options = this.list.children;
    options[this.#active]?.setAttribute('aria-selected', 'false');
    this.#active = index;
    const option = options[index];
    if (option === undefined) return this.input.removeAttribute('aria-activedescendant');
    option.setAttribute('aria-selected', 'true');
    this.input.setAttribute('aria-activedescendant', option.id);
    option.scrollIntoView({ block: 'nearest' });
  }

  #render(query, concepts) {
    this.#found = concepts;
    this.#shownFor = query;
    this.#active = -1;
    this.input.removeAttribute('aria-activedescendant');
    this.list.replaceChildren(
      ...concepts.map((concept, index) => {
        const label = make(
          'span',
          { className: 'label', dir: 'auto' },
          concept.prefLabel === '' ? concept.uri : marked(concept.prefLabel, query),
        );
        const option = make('li', { id: `${this.#id}-${index}`, part: 'option' }, label);
        option.setAttribute('role', 'option');
        option.setAttribute('aria-selected', 'false');
        option.setAttribute('aria-posinset', String(index + 1)); // "2 of 5"
        option.setAttribute('aria-setsize', String(concepts.length));
        // found through another label (an altLabel, another language): said so, rather than show the prefLabel as if it had matched
        if (concept.prefLabel !== '' && label.querySelector('mark') === null)
          option.append(make('span', { className: 'detail via', part: 'detail', textContent: this.#t('via') }));
        const named = (field) => (concept[field] ?? []).map((entry) => (typeof entry === 'string' ? entry : entry.label || entry.uri));
        const detail = (field, text) =>
          option.append(make('span', { className: `detail ${field}`, part: 'detail', dir: 'auto', textContent: text }));
        // where it sits: the path from the top, shortened in the middle when long
        const path = named('ancestors');
        if (path.length > 0) detail('ancestors', (path.length > 4 ? [path[0], '…', ...path.slice(-2)] : path).join(' › '));
        const broader = named('broader');
        if (broader.length > 0) detail('broader', this.#t('broader', broader.join(' · ')));
        // notations are strings; schemes are {uri, label}, named by their label
        for (const field of ['notation', 'scheme']) if (named(field).length > 0) detail(field, named(field).join(' · '));
        option.addEventListener('mousedown', (event) => event.preventDefault()); // the field keeps the focus
        option.addEventListener('click', () => this.#choose(concept));
        return option;
      }),
    );
    this.#open(concepts.length > 0 && this.matches(':focus-within'));
    // said once typing pauses, not over each keystroke
    this.#announce(query === '' ? '' : concepts.length === 0 ? this.#t('none') : this.#t('found', concepts.length), ANNOUNCE_AFTER_MS);
  }

  async #suggest() {
    const query = this.input.value.trim();
    this.#request?.abort();
    if (query === '') return this.#render('', []);
    const asked = (this.getAttribute('fields') ?? '').split(/[\s,]+/).filter((field) => FIELDS.includes(field));
    const params = [
      ['q', query],
      ['count', this.getAttribute('count') ?? '10'],
      ['scheme', this.getAttribute('scheme') ?? ''],
      ['fields', asked.join(',')],
    ];
    const key = JSON.stringify([params, this.#lang()]);
    const kept = this.#answers.get(key);
    if (kept !== undefined) return this.#render(query, kept);
    const controller = new AbortController();
    this.#request = controller;
    try {
      const body = await this.#ask('suggest', params, controller.signal);
      const concepts = body.concepts ?? body._embedded.concepts; // API_COMPAT=skos-suggester answers in the HAL envelope
      this.#answers.set(key, concepts);
      this.#say(undefined);
      if (this.input.value.trim() === query) this.#render(query, concepts);
    } catch (error) {
      if (controller.signal.aborted) return;
      this.#say(error);
      if (error.retryAfter !== undefined) this.#timer = setTimeout(() => this.#suggest(), error.retryAfter * 1000);
    }
  }

  /** The message `key` in the page's words, given its values. */
  #t(key, ...values) {
    const message = this.#own[key] ?? ConceptField.#messages[key] ?? MESSAGES[key];
    return typeof message === 'function' ? message(...values) : message;
  }

  // ---- the service --------------------------------------------------------------------------

  #lang() {
    return (this.closest('[lang]')?.getAttribute('lang') ?? '').toLowerCase();
  }

  /** GET a JSON answer of the service; rejects with a message for people (and `retryAfter` for a 503 that has one). */
  async #ask(path, params, signal) {
    const url = new URL(
      path,
      this.getAttribute('service') ? new URL(this.getAttribute('service').replace(/\/?$/, '/'), document.baseURI) : here,
    );
    for (const [name, value] of [...params, ['lang', this.#lang()]]) if (value !== '') url.searchParams.append(name, value);
    let response;
    try {
      response = await fetch(url, { signal, headers: { Accept: 'application/json' } });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new Error(this.#t('unreachable'));
    }
    if (response.ok) return response.json();
    const body = await response.json().catch(() => ({}));
    const retry = Number(response.headers.get('Retry-After'));
    if (response.status === 503 && retry > 0)
      throw Object.assign(new Error(this.#t('loading', retry)), { retryAfter: Math.min(retry, 60) });
    throw new Error(body.message ?? this.#t('failed', response.status));
  }

  #say(error) {
    this.message.textContent = error?.message ?? '';
    this.message.hidden = error === undefined;
    if (error !== undefined) this.#announce(error.message);
  }

  /** Says `text` in the live region, after `waitMs` when nothing else is said meanwhile. */
  #announce(text, waitMs = 0) {
    clearTimeout(this.#saying);
    if (waitMs === 0) this.status.textContent = text;
    else this.#saying = setTimeout(() => (this.status.textContent = text), waitMs);
  }
}

if (customElements.get('concept-field') === undefined) customElements.define('concept-field', ConceptField);
