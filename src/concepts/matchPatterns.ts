import { foldText, foldedWordPattern } from './foldedLetter.js';

/**
 * The regular expressions (XPath syntax, run by the store's REGEX with the `i` flag) that
 * decide whether a label matches a query and in which rank tier it falls.
 *
 * A label's words are its runs of letters, digits and combining marks; anything else
 * separates words. The query is split the same way, and folded (case, diacritics, ß/æ/œ).
 */
export interface MatchPatterns {
  /** One pattern per query word; a label matches when every one of them matches. Empty when the query has no word. */
  words: string[];
  /** The whole label equals the query, up to folding and the separators between words. */
  equal: string;
  /** The label starts with the query, up to folding and separators. */
  start: string;
}

const WORD_CHARACTER = '\\p{L}\\p{N}\\p{M}';
const SEPARATOR = `[^${WORD_CHARACTER}]`;

/**
 * For /search: every query word must equal a word of the label; a query word ending in
 * `*` needs only to start one. The `*` plays no part in the equal and start patterns.
 */
export function searchPatterns(q: string): MatchPatterns {
  const words = [...q.normalize('NFC').matchAll(new RegExp(`[${WORD_CHARACTER}]+\\*?`, 'gu'))].map((match) => match[0]);
  const folded = words.map((word) => ({ prefix: word.endsWith('*'), pattern: foldedWordPattern(foldText(word.replace(/\*$/, ''))) }));
  return {
    words: folded.map(({ prefix, pattern }) => `(^|${SEPARATOR})${pattern}${prefix ? '' : `(${SEPARATOR}|$)`}`),
    ...wholeLabelPatterns(folded.map(({ pattern }) => pattern)),
  };
}

/** For /suggest: every query word must start a word of the label. */
export function suggestPatterns(q: string): MatchPatterns {
  const words = [...q.normalize('NFC').matchAll(new RegExp(`[${WORD_CHARACTER}]+`, 'gu'))].map((match) => foldedWordPattern(foldText(match[0])));
  return {
    words: words.map((pattern) => `(^|${SEPARATOR})${pattern}`),
    ...wholeLabelPatterns(words),
  };
}

function wholeLabelPatterns(words: string[]): Pick<MatchPatterns, 'equal' | 'start'> {
  const start = `^${SEPARATOR}*${words.join(`${SEPARATOR}+`)}`;
  return { start, equal: `${start}${SEPARATOR}*$` };
}
