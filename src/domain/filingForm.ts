import { primaryLanguage } from './speaks.js';

/**
 * Leading articles that catalogues file titles without, per language, as folded words (a
 * label's words are split at apostrophes, so the elided `l'` is the word `l`). Only
 * languages in which a label's first word is reliably an article when it is one of these
 * are listed; a label without a language tag loses none.
 */
const ARTICLES: Readonly<Record<string, ReadonlySet<string>>> = {
  en: new Set(['the', 'a', 'an']),
  fr: new Set(['le', 'la', 'les', 'l', 'un', 'une', 'des']),
  de: new Set(['der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'einen', 'einem', 'einer', 'eines']),
  es: new Set(['el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas']),
  it: new Set(['il', 'lo', 'la', 'i', 'gli', 'le', 'l', 'un', 'uno', 'una']),
  pt: new Set(['o', 'a', 'os', 'as', 'um', 'uma', 'uns', 'umas']),
  nl: new Set(['de', 'het', 'een']),
};

/** The articles of each language tag seen, by tag (a label's tag is looked up once per label matched). */
const articlesByTag = new Map<string, ReadonlySet<string> | undefined>();

/** Whether the folded word is a leading article in the label language `tag` (lower case). */
export function isArticle(word: string, tag: string): boolean {
  let articles = articlesByTag.get(tag);
  if (articles === undefined && !articlesByTag.has(tag)) {
    articles = ARTICLES[primaryLanguage(tag)];
    if (articlesByTag.size < 10_000) articlesByTag.set(tag, articles);
  }
  return articles?.has(word) === true;
}

/** Every article of every language the service knows articles of, once. */
export function allArticles(): string[] {
  return [...new Set(Object.values(ARTICLES).flatMap((articles) => [...articles]))];
}

/** Whether the folded word is an article in any language the service knows articles of. */
export function isArticleAnywhere(word: string): boolean {
  return Object.values(ARTICLES).some((articles) => articles.has(word));
}

/**
 * The filing form of a label's folded words in language `tag`: without one leading article
 * when there is more than one word; undefined when it is the words themselves.
 */
export function filingForm<T extends string>(words: readonly T[], tag: string): readonly T[] | undefined {
  return hasFilingForm(words, tag) ? words.slice(1) : undefined;
}

/** Whether the label (folded words) in language `tag` has a filing form (`filingForm`): its words from the second on. */
export function hasFilingForm(words: readonly string[], tag: string): boolean {
  return words.length > 1 && isArticle(words[0] as string, tag);
}
