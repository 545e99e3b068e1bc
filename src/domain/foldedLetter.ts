import { WORD_CHARACTERS, wordsAsWritten } from './wordsOf.js';
/**
 * Case and diacritics folding, written as regular expression text for the store's REGEX.
 *
 * SPARQL has no function that removes accents, and the stores' own text indexes do not
 * either, so the folding goes into the pattern instead: each letter of a query becomes a
 * character class of every letter that folds to the same base letter, in both cases
 * (`e` -> `[EeÈÉÊËèéêë...]`). The classes are computed once from Unicode's canonical
 * decompositions over the Latin, Greek and Cyrillic blocks, plus the letters that carry a
 * stroke instead of a combining accent (ø, ł, đ, ħ, ı...), and three ligatures that stand
 * for two letters (ß = ss, æ = ae, œ = oe).
 */

/** Regular expression class text for code point ranges: the characters themselves, not \u escapes, which the stores' regular expressions do not all read. */
const rangesText = (ranges: ReadonlyArray<readonly number[]>): string =>
  ranges.map((range) => range.map((code) => String.fromCodePoint(code)).join('-')).join('');

/**
 * Combining marks that folding drops: the combining diacritics left after composing (a `q`
 * with U+0301, which has no precomposed form) wherever they stand; Hebrew points after a
 * Hebrew letter and Arabic vowel signs after an Arabic letter, which writers mostly leave
 * out (`تصرُّف` folds to `تصرف`, `שָׁלוֹם` to `שלום`); and any of them at the start of a word.
 * Marks that are part of a letter (Devanagari or Thai vowel signs) stay. Each letter of a
 * pattern allows only the marks its script drops: allowing all after every letter made a
 * 200-letter query's patterns too large for Virtuoso's regular expressions.
 */
const COMBINING_MARKS = rangesText([[0x0300, 0x036f]]);
const HEBREW_MARKS = rangesText([[0x0591, 0x05bd], [0x05bf], [0x05c1, 0x05c2], [0x05c4, 0x05c5], [0x05c7]]);
const ARABIC_MARKS = rangesText([
  [0x0610, 0x061a],
  [0x064b, 0x065f],
  [0x0670],
  [0x06d6, 0x06dc],
  [0x06df, 0x06e4],
  [0x06e7, 0x06e8],
  [0x06ea, 0x06ed],
]);
const FOLDED_MARKS = `${COMBINING_MARKS}${HEBREW_MARKS}${ARABIC_MARKS}`;
const IS = {
  combining: new RegExp(`^[${COMBINING_MARKS}]$`, 'u'),
  hebrewMark: new RegExp(`^[${HEBREW_MARKS}]$`, 'u'),
  arabicMark: new RegExp(`^[${ARABIC_MARKS}]$`, 'u'),
  hebrewLetter: /^[\u05D0-\u05EA\u05EF-\u05F2]$/u,
  arabicLetter: /^(?=\p{L})\p{Script=Arabic}$/u,
  wordCharacter: new RegExp(`^[${WORD_CHARACTERS}]$`, 'u'),
};
/** Regular expression text: any number of the marks folding drops at the start of a word. */
export const FOLDED_MARKS_RUN = `[${FOLDED_MARKS}]*`;

/** Regular expression text: the marks folding drops after `letter` (a folded letter), any number of them. */
function marksAfter(letter: string): string {
  if (IS.hebrewLetter.test(letter)) return `[${COMBINING_MARKS}${HEBREW_MARKS}]*`;
  if (IS.arabicLetter.test(letter)) return `[${COMBINING_MARKS}${ARABIC_MARKS}]*`;
  return `[${COMBINING_MARKS}]*`;
}

/** Whether folding drops `mark`, after the character `previous` kept before it in its word (undefined at a word's start). */
function dropsMark(mark: string, previous: string | undefined): boolean {
  if (IS.combining.test(mark)) return true;
  if (IS.hebrewMark.test(mark)) return previous === undefined || IS.hebrewLetter.test(previous);
  if (IS.arabicMark.test(mark)) return previous === undefined || IS.arabicLetter.test(previous);
  return false;
}

/** Blocks whose precomposed letters are folded to their base letter. */
const FOLDED_BLOCKS: ReadonlyArray<readonly [number, number]> = [
  [0x00c0, 0x024f], // Latin-1 Supplement, Latin Extended-A and -B
  [0x0370, 0x03ff], // Greek
  [0x0400, 0x04ff], // Cyrillic
  [0x0600, 0x06ff], // Arabic (alef and waw with hamza or madda)
  [0x1e00, 0x1eff], // Latin Extended Additional
  [0x1f00, 0x1fff], // Greek Extended
];

/** Letters that do not decompose but are read as a base letter with a mark. */
const STROKED: Readonly<Record<string, string>> = {
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ı: 'i',
  ŀ: 'l',
  ŧ: 't',
  ƀ: 'b',
  ƶ: 'z',
  ɨ: 'i',
  ꝋ: 'o',
  ς: 'σ',
};

/** Ligatures that fold to two letters, and the pairs that may be written as them. */
const LIGATURES: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', œ: 'oe' };

/** Letters that decompose but are letters of their own to their readers: Russian й is not и. */
const KEPT = new Set(['й', 'Й']);

/** Whether a character lies in a block whose letters are folded. */
function inFoldedBlock(character: string): boolean {
  const code = character.codePointAt(0) as number;
  return FOLDED_BLOCKS.some(([from, to]) => code >= from && code <= to);
}

/**
 * The base letter of one character, lower case. Only the folded blocks and the stroked
 * letters fold: elsewhere a character stays itself (lower case), so that the regular
 * expressions, whose classes cover those blocks alone, and the label index agree.
 */
function baseOf(letter: string): string {
  const lower = letter.toLowerCase();
  if (KEPT.has(letter)) return lower;
  if (STROKED[lower] === undefined && !inFoldedBlock(letter)) return lower;
  const stroked = STROKED[lower];
  if (stroked !== undefined) return stroked;
  const base = lower.normalize('NFD').replace(/\p{M}/gu, '');
  const single = [...base].length === 1 ? base : lower;
  return STROKED[single] ?? single; // ǿ is ø with an accent, and ø folds to o
}

/** Base letter -> every letter (both cases) that folds to it. */
const VARIANTS: ReadonlyMap<string, ReadonlySet<string>> = (() => {
  const variants = new Map<string, Set<string>>();
  const add = (letter: string): void => {
    const base = baseOf(letter);
    const set = variants.get(base) ?? new Set([base]);
    for (const form of [letter, letter.toLowerCase(), letter.toUpperCase(), base.toUpperCase()]) {
      if ([...form].length === 1) set.add(form);
    }
    variants.set(base, set);
  };
  for (const [from, to] of FOLDED_BLOCKS) {
    for (let code = from; code <= to; code++) {
      const letter = String.fromCodePoint(code);
      if (/\p{L}/u.test(letter)) add(letter);
    }
  }
  for (const letter of Object.keys(STROKED)) add(letter);
  return variants;
})();

/** Folds a query to lower-case base letters: `Straße Café` -> `strasse cafe`. */
export function foldText(text: string): string {
  let folded = '';
  let previous: string | undefined; // the last character kept in this word
  for (const character of text.normalize('NFC')) {
    if (dropsMark(character, previous)) continue;
    previous = IS.wordCharacter.test(character) ? character : undefined;
    const lower = character.toLowerCase();
    folded += LIGATURES[lower] ?? baseOf(character);
  }
  return folded;
}

/** The class that matches one folded letter in any case and with any diacritic. */
function letterClass(letter: string): string {
  const forms = VARIANTS.get(letter) ?? new Set([letter, letter.toUpperCase()].filter((form) => [...form].length === 1));
  const members = classText([...forms]);
  // then any of the marks that folding drops, in any order
  return `${[...members].length === 1 ? escapeRegex(members) : `[${members}]`}${marksAfter(letter)}`;
}

const MARK = /^\p{M}$/u;

/**
 * Regular expression text matching the folded word `word` (as `foldText` gives it) in a
 * label, whatever the label's case and diacritics, with `ss`, `ae` and `oe` also matching
 * `ß`, `æ` and `œ`. With `open`, the word may end inside such a letter, as a prefix does:
 * `stras` matches the start of `Straße`, `o` that of `Œuvre` (their folded forms start so).
 */
export function foldedWordPattern(word: string, open = false): string {
  const letters = [...word];
  let pattern = '';
  for (let i = 0; i < letters.length; i++) {
    if (MARK.test(letters[i] as string)) {
      // Marks that folding keeps: a label need not hold them in the canonical order the
      // query is normalized to (shadda then fatha, or fatha then shadda), so any order; and
      // the combining marks that folding drops after them (Devanagari's vowel sign i, then
      // an acute) may stand among them.
      let end = i;
      while (end < letters.length && MARK.test(letters[end] as string)) end++;
      pattern += `[${classText([...new Set(letters.slice(i, end))])}${COMBINING_MARKS}]*`;
      i = end - 1;
      continue;
    }
    if (letters[i] === 's' && letters[i + 1] === 's') {
      // A run of s may be spelled with ß anywhere in it (sss: sss, sß, ßs): each way is an alternative.
      let end = i;
      while (letters[end] === 's') end++;
      pattern += sRun(end - i, open && end === letters.length);
      i = end - 1;
      continue;
    }
    const pair = `${letters[i]}${letters[i + 1] ?? ''}`;
    const ligature = ligatureOf(pair);
    if (ligature !== undefined) {
      pattern += `(${letterClass(pair[0] as string)}${letterClass(pair[1] as string)}|(${ligature})${marksAfter('a')})`;
      i++;
      continue;
    }
    const last = i === letters.length - 1;
    const opening = open && last ? Object.keys(LIGATURES).filter((key) => LIGATURES[key]?.startsWith(letters[i] as string)) : [];
    pattern +=
      opening.length === 0
        ? letterClass(letters[i] as string)
        : `(${letterClass(letters[i] as string)}|(${opening.map(bothCases).join('|')})${marksAfter('a')})`;
  }
  return pattern;
}

/** A run of `length` folded s: every way to write it with s and ß; with `open`, a last s may be the start of a ß. */
function sRun(length: number, open: boolean): string {
  const s = letterClass('s');
  const ways: string[] = [];
  const walk = (left: number, written: string): void => {
    if (ways.length > 64) return; // runs that long do not occur in words; the first ways suffice
    if (left === 0) ways.push(written);
    if (left >= 1) walk(left - 1, written + (open && left === 1 ? `(${s}|[ßẞ]${marksAfter('s')})` : s));
    if (left >= 2) walk(left - 2, `${written}[ßẞ]${marksAfter('s')}`);
  };
  walk(length, '');
  return ways.length === 1 ? (ways[0] as string) : `(${ways.join('|')})`;
}

/** The ligature (both cases, as alternatives) that folds to `pair`, if any. */
function ligatureOf(pair: string): string | undefined {
  const ligature = Object.keys(LIGATURES).find((key) => LIGATURES[key] === pair);
  return ligature === undefined ? undefined : bothCases(ligature);
}

function bothCases(ligature: string): string {
  const upper = ligature === 'ß' ? 'ẞ' : ligature.toUpperCase();
  return `${ligature}|${upper}`;
}

/**
 * The members of a character class, in code point order, runs of three or more written as
 * ranges (`À-Å`, `Ạ-ặ`): the classes of vowels hold dozens of letters, and a 200-letter
 * query must stay within the size Virtuoso compiles.
 */
function classText(members: string[]): string {
  const codes = members.map((member) => member.codePointAt(0) as number).sort((a, b) => a - b);
  let text = '';
  for (let i = 0; i < codes.length;) {
    let end = i;
    while (end + 1 < codes.length && codes[end + 1] === (codes[end] as number) + 1) end++;
    const from = String.fromCodePoint(codes[i] as number);
    const to = String.fromCodePoint(codes[end] as number);
    text += end - i >= 2 ? `${from}-${to}` : end > i ? `${from}${to}` : from;
    i = end + 1;
  }
  return text;
}

/** Escapes the characters that are special in XPath, PCRE and Rust regular expressions. */
function escapeRegex(text: string): string {
  return text.replace(/[\\.^$|?*+()[\]{}-]/g, '\\$&');
}

/**
 * Regular expression text for one letter that folding changes (é, Ø, ß, ς...), or one of
 * the marks it drops: a word without any is spelled as its folded form, up to case.
 */
export const FOLDED_AWAY_LETTER: string = (() => {
  const letters = new Set<string>();
  for (const [base, forms] of VARIANTS) {
    for (const form of forms) if (form.toLowerCase() !== base) letters.add(form);
  }
  for (const ligature of Object.keys(LIGATURES)) {
    letters.add(ligature);
    if ([...ligature.toUpperCase()].length === 1) letters.add(ligature.toUpperCase());
  }
  letters.add('ẞ');
  return `[${[...letters].sort().join('')}${FOLDED_MARKS}]`; // and the marks folding drops
})();

/**
 * A label's folded words joined by one space: what the label index matches and sorts.
 * A label's words are its runs of letters, digits and combining marks, as the store's
 * regular expressions split them (see matchPatterns.ts).
 */
export function foldedLabel(label: string): string {
  // ASCII (most labels of most vocabularies): its words are runs of [A-Za-z0-9], folded to lower case
  if (/^[\x00-\x7f]*$/.test(label)) return (label.match(/[A-Za-z0-9]+/g) ?? []).join(' ').toLowerCase();
  const latin = latinFolded(label);
  if (latin !== undefined) return latin;
  return wordsAsWritten(label)
    .map((word) => foldText(word))
    .filter((word) => word !== '')
    .join(' ');
}

/** Latin-1 and Latin Extended-A: the characters that most European labels are written in. */
const LATIN_END = 0x180;
let latinTable: { word: Uint8Array; folded: string[] } | undefined;

/**
 * `foldedLabel` of a label written in Latin-1 and Latin Extended-A alone (German, French,
 * Polish, Czech...), by a table made from `foldText` one character at a time: these are all
 * in NFC and none is a combining mark, so folding them one by one is folding the word. Ten
 * times faster than the general path, which folds every label of an index as it is built.
 * Undefined for a label with any other character.
 */
function latinFolded(label: string): string | undefined {
  latinTable ??= (() => {
    const word = new Uint8Array(LATIN_END);
    const folded: string[] = [];
    for (let code = 0; code < LATIN_END; code++) {
      const character = String.fromCharCode(code);
      word[code] = wordsAsWritten(character).length === 1 ? 1 : 0;
      folded[code] = word[code] === 1 ? foldText(character) : '';
    }
    return { word, folded };
  })();
  const { word, folded } = latinTable;
  let out = '';
  let current = '';
  for (let i = 0; i < label.length; i++) {
    const code = label.charCodeAt(i);
    if (code >= LATIN_END) return undefined;
    if (word[code] === 1) current += folded[code] as string;
    else if (current !== '') {
      out = out === '' ? current : `${out} ${current}`;
      current = '';
    }
  }
  return current === '' ? out : out === '' ? current : `${out} ${current}`;
}
