// The tree of <concept-field browse>: a vocabulary walked from its top concepts down, loaded a
// level at a time as it is opened (/schemes, /top, /narrower with fields=narrowerCount, so
// that an expander shows only where there is something below). It follows the WAI-ARIA 1.2
// tree view pattern: one item in the tab order; Up and Down move; Right opens an item or goes
// to its first child; Left closes it or goes to its parent; Home and End; a letter moves to
// the next item that starts with it; Enter or Space (or a click) picks the concept. The field
// loads this module only when `browse` is set, so that a field without it stays small.

const make = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};
const setAll = (node, attributes) => {
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
};

export const TREE_STYLE = `
[role=tree] { margin: .3em 0 0; padding: .3em; max-height: 24em; overflow-y: auto; border: var(--concept-field-border, 1px solid #8a93a3);
  border-radius: var(--concept-field-radius, 8px); background: var(--concept-field-surface, Canvas); color: var(--concept-field-ink, CanvasText); }
[role=tree] ul { list-style: none; margin: 0; padding: 0 0 0 1.2em; }
[role=treeitem] { cursor: pointer; }
[role=treeitem] > .row { display: flex; gap: .4em; align-items: baseline; padding: .2em .4em; border-radius: 4px; }
[role=treeitem]:focus { outline: none; }
[role=treeitem]:focus > .row { outline: 2px solid var(--concept-field-accent, #2456c7); outline-offset: -2px;
  background: var(--concept-field-active, #e8eefc); color: var(--concept-field-active-ink, #1d2433); }
.twisty { display: inline-block; width: 1em; text-align: center; color: var(--concept-field-muted, #4d5566); }
[aria-expanded=true] > .row > .twisty { transform: rotate(90deg); }
.notation { font-size: .85em; color: var(--concept-field-muted, #4d5566); }
`;

/**
 * The tree, in a list element the field places. `ask(path, params)` asks the service and
 * resolves with its JSON; `pick(concept)` is the field's choice; `t(key, ...values)` says a
 * message in the page's words; `scheme()` is the field's `scheme` attribute.
 */
export class ConceptTree {
  constructor({ ask, pick, t, scheme, label, say }) {
    Object.assign(this, { ask, pick, t, scheme, say });
    this.element = setAll(make('ul', { part: 'tree', hidden: true }), { role: 'tree', 'aria-label': label });
    this.element.addEventListener('keydown', (event) => this.#key(event));
    this.loaded = false;
  }

  /** Shows the tree (its first level loaded the first time) and puts the focus in it. */
  async open() {
    this.element.hidden = false;
    if (!this.loaded) {
      this.loaded = true;
      try {
        await this.#loadTop();
      } catch (error) {
        this.loaded = false;
        this.say(error);
        return;
      }
    }
    (this.element.querySelector('[tabindex="0"]') ?? this.#items()[0])?.focus();
  }

  close() {
    this.element.hidden = true;
  }

  /** The first level: the scheme's top concepts; with no `scheme` and several schemes, the schemes, each opening on its top concepts. */
  async #loadTop() {
    const scheme = this.scheme();
    if (scheme !== '') return this.#fill(this.element, await this.#concepts('top', [['scheme', scheme]]), 1);
    const { schemes } = await this.ask('schemes', []);
    if (schemes.length === 1) return this.#fill(this.element, await this.#concepts('top', [['scheme', schemes[0].uri]]), 1);
    this.#fill(
      this.element,
      schemes.map((s) => ({ uri: s.uri, prefLabel: s.prefLabel, narrowerCount: s.topConcepts, scheme: true })),
      1,
    );
  }

  /** A whole list (/top or /narrower), page after page of 1000. */
  async #concepts(path, params) {
    const all = [];
    for (let page = 1; page <= 10; page++) {
      const body = await this.ask(path, [...params, ['fields', 'narrowerCount,notation'], ['count', '1000'], ['page', String(page)]]);
      all.push(...body.concepts);
      if (body.concepts.length < 1000) break;
    }
    return all;
  }

  #fill(list, concepts, level) {
    const first = this.element.querySelector('[role=treeitem]') === null;
    list.replaceChildren(
      ...concepts.map((concept, index) => {
        const item = setAll(make('li', { tabIndex: first && index === 0 ? 0 : -1 }), {
          role: 'treeitem',
          'aria-level': String(level),
          'aria-setsize': String(concepts.length),
          'aria-posinset': String(index + 1),
          'aria-selected': 'false',
        });
        item.concept = concept;
        const twisty = make('span', { className: 'twisty', textContent: concept.narrowerCount > 0 ? '▸' : '' });
        twisty.setAttribute('aria-hidden', 'true');
        const row = make(
          'span',
          { className: 'row', part: 'tree-item' },
          twisty,
          make('span', { className: 'label', dir: 'auto', textContent: concept.prefLabel || concept.uri }),
          ...(concept.notation?.length > 0 ? [make('span', { className: 'notation', textContent: concept.notation[0] })] : []),
        );
        item.append(row);
        if (concept.narrowerCount > 0) item.setAttribute('aria-expanded', 'false');
        twisty.addEventListener('click', (event) => {
          event.stopPropagation();
          this.#focus(item);
          this.#toggle(item);
        });
        row.addEventListener('click', () => {
          this.#focus(item);
          if (concept.scheme) this.#toggle(item);
          else this.#pick(item);
        });
        return item;
      }),
    );
  }

  async #toggle(item, open = item.getAttribute('aria-expanded') !== 'true') {
    if (!item.hasAttribute('aria-expanded')) return;
    item.setAttribute('aria-expanded', String(open));
    let group = item.querySelector(':scope > [role=group]');
    if (!open) {
      if (group) group.hidden = true;
      return;
    }
    if (group) {
      group.hidden = false;
      return;
    }
    group = setAll(make('ul'), { role: 'group' });
    item.append(group);
    try {
      const { uri, scheme } = item.concept;
      const below = scheme ? await this.#concepts('top', [['scheme', uri]]) : await this.#concepts('narrower', [['uri', uri]]);
      this.#fill(group, below, Number(item.getAttribute('aria-level')) + 1);
    } catch (error) {
      group.remove();
      item.setAttribute('aria-expanded', 'false');
      this.say(error);
    }
  }

  #pick(item) {
    if (item.concept.scheme) return;
    for (const selected of this.element.querySelectorAll('[aria-selected=true]')) selected.setAttribute('aria-selected', 'false');
    item.setAttribute('aria-selected', 'true');
    const { uri, prefLabel } = item.concept;
    this.pick({ uri, prefLabel });
  }

  /** The items that can be seen: not inside a closed or hidden group. */
  #items() {
    return [...this.element.querySelectorAll('[role=treeitem]')].filter((item) => item.parentElement.closest('[hidden]') === null);
  }

  #focus(item) {
    for (const other of this.element.querySelectorAll('[tabindex="0"]')) other.tabIndex = -1;
    item.tabIndex = 0;
    item.focus();
  }

  #key(event) {
    const item = event.target.closest('[role=treeitem]');
    if (item === null || event.altKey || event.ctrlKey || event.metaKey) return;
    const items = this.#items();
    const at = items.indexOf(item);
    const expanded = item.getAttribute('aria-expanded');
    const parent = item.parentElement.closest('[role=treeitem]');
    const handled = {
      ArrowDown: () => items[at + 1] && this.#focus(items[at + 1]),
      ArrowUp: () => items[at - 1] && this.#focus(items[at - 1]),
      Home: () => this.#focus(items[0]),
      End: () => this.#focus(items[items.length - 1]),
      ArrowRight: () => {
        if (expanded === 'false') this.#toggle(item, true);
        else if (expanded === 'true') {
          const child = item.querySelector(':scope > [role=group] > [role=treeitem]');
          if (child) this.#focus(child);
        }
      },
      ArrowLeft: () => {
        if (expanded === 'true') this.#toggle(item, false);
        else if (parent) this.#focus(parent);
      },
      Enter: () => (item.concept.scheme ? this.#toggle(item) : this.#pick(item)),
      ' ': () => (item.concept.scheme ? this.#toggle(item) : this.#pick(item)),
    }[event.key];
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
      handled();
    } else if (event.key.length === 1 && event.key.trim() !== '') {
      // type to jump: the next item whose label starts with the letter
      const letter = event.key.toLowerCase();
      const next = [...items.slice(at + 1), ...items.slice(0, at)].find((other) =>
        (other.concept.prefLabel || other.concept.uri).toLowerCase().startsWith(letter),
      );
      if (next) this.#focus(next);
    }
  }
}
