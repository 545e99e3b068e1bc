/** One word of a query: folded (lower case, no diacritics), and whether it may be the start of a longer word. */
export interface QueryTerm {
  folded: string;
  prefix: boolean;
}
