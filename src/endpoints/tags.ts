import type { Tag } from '../http/Route.js';

/** The contract's groups of routes, in the order /docs lists them (the protocols' own are in their rooms). */
export const LOOKUP: Tag = {
  name: 'Lookup',
  description: 'Concepts by URI, by their labels, and as type-ahead suggestions.',
  mentioned: 'paths',
};

export const BROWSING: Tag = {
  name: 'Browsing',
  description: 'The concept schemes, their top concepts, and the concepts one level down.',
  mentioned: 'paths',
};

export const OPERATIONS: Tag = { name: 'Operations', description: 'Liveness, readiness, metrics and this description.' };

/** The pages and files for people and browsers: served, and no part of the JSON API's description. */
export const PAGES: Tag = { name: 'Pages', description: 'The type-ahead page, the API docs and the concept field.' };
