// The labelled messy names of reconciliation's measures (scripts/relevanceReconcile.mjs) and of
// `calibrate`'s example set (scripts/labelled-names.mjs): a label as a cataloguer's spreadsheet
// may hold it, each slip made deterministically from the label itself (no randomness: the
// same vocabulary gives the same set on every run and every store).
//   neighbour   one letter of the longest word (5 letters or more) typed as a neighbouring
//               key of a QWERTY keyboard
//   dropped     one letter of it left out
//   doubled     one letter of it doubled
//   swapped     two neighbouring letters of it swapped
//   twoTypos    two keyboard-neighbour slips: in the two longest words, or twice in the one
//   diacritics  every accent dropped (only labels with one)
//   plural      the longest word's number changed (the caller's `inflected`)
//   order       the words in another order (the last first, no comma)
//   inverted    an inverted heading, lower case ("libraries, public")
//   spaced      stray spaces and the case of every other word changed
//   punctuation hyphens and apostrophes as spaces, commas and full stops before a space dropped
//               (a notation's `B.01.07` kept), a full stop added
//   qualified   a qualifier in brackets after it ("Public libraries (Libraries)"): the caller's
// A typo is made in a word of 5 letters or more that keeps 5 or more (a dropped letter needs a
// word of 6): the service forgives a typo only between words of 5 letters or more, because a
// word of four is one letter from dozens of others (docs/openrefine.md).

/** The kinds of slip, in the order the tables show them; those that are one typo. */
export const SLIPS = [
  'neighbour',
  'dropped',
  'doubled',
  'swapped',
  'twoTypos',
  'diacritics',
  'plural',
  'order',
  'inverted',
  'spaced',
  'punctuation',
  'qualified',
];
export const ONE_TYPO = ['neighbour', 'dropped', 'doubled', 'swapped'];

const ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
/** A letter's neighbours on a QWERTY keyboard, on its own row. */
const NEIGHBOURS = Object.fromEntries(
  ROWS.flatMap((row) => [...row].map((letter, i) => [letter, [row[i - 1], row[i + 1]].filter(Boolean)])),
);

/** A small deterministic number from a text (FNV-1a), to choose positions and neighbours. */
function hashOf(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** The words of a label that a typo may touch: letters only, 5 or more, longest first (ties by place). */
function typable(label, wordsOf) {
  return wordsOf(label)
    .filter((w) => /^\p{L}+$/u.test(w) && [...w].length >= 5)
    .map((w, i) => ({ w, i }))
    .sort((a, b) => [...b.w].length - [...a.w].length || a.i - b.i)
    .map(({ w }) => w);
}

/** A letter position inside a word (never the first: people rarely slip there), chosen from `seed`. */
function position(letters, seed) {
  return 1 + (seed % (letters.length - 1));
}

/** The word with one slip of `kind` at a position chosen from `seed`; undefined where none can be made. */
function slipped(word, kind, seed) {
  const letters = [...word];
  const at = position(letters, seed);
  const letter = letters[at];
  switch (kind) {
    case 'neighbour': {
      const lower = letter.toLowerCase();
      const near = NEIGHBOURS[lower];
      if (near === undefined) return undefined;
      const typed = near[seed % near.length];
      letters[at] = letter === lower ? typed : typed.toUpperCase();
      return letters.join('');
    }
    case 'dropped':
      letters.splice(at, 1);
      return letters.join('');
    case 'doubled':
      letters.splice(at, 0, letter);
      return letters.join('');
    case 'swapped': {
      const next = Math.min(at, letters.length - 2);
      if (letters[next] === letters[next + 1]) return undefined;
      [letters[next], letters[next + 1]] = [letters[next + 1], letters[next]];
      return letters.join('');
    }
    default:
      return undefined;
  }
}

/** `label` with its word `word` (its first occurrence) replaced. */
function replaced(label, word, by) {
  return label === undefined || by === undefined ? undefined : label.replace(word, by);
}

/**
 * The messy forms of a label, by kind (undefined where a kind makes none).
 * `tools`: { wordsOf, inflected(label, language), qualifier (a word for `qualified`) }.
 */
export function slipsOf(label, language, { wordsOf, inflected, qualifier }) {
  const seed = hashOf(label);
  const words = typable(label, wordsOf);
  const [first, second] = words;
  const typo = (kind) => {
    const word = kind === 'dropped' ? words.find((w) => [...w].length >= 6) : first;
    return word === undefined ? undefined : replaced(label, word, slipped(word, kind, seed));
  };
  let twoTypos;
  if (second !== undefined)
    twoTypos = replaced(replaced(label, first, slipped(first, 'neighbour', seed)), second, slipped(second, 'neighbour', seed >>> 3));
  else if (first !== undefined && [...first].length >= 7) {
    const once = slipped(first, 'neighbour', seed);
    const twice = once === undefined ? undefined : slipped(once, 'neighbour', (seed >>> 5) + 2);
    twoTypos = twice === once ? undefined : replaced(label, first, twice);
  }
  const plain = label.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
  const all = wordsOf(label);
  const lower = label.toLowerCase();
  const comma = lower.indexOf(',');
  return {
    neighbour: typo('neighbour'),
    dropped: typo('dropped'),
    doubled: typo('doubled'),
    swapped: typo('swapped'),
    twoTypos,
    diacritics: plain === label.normalize('NFC') ? undefined : plain,
    plural: inflected(label, language),
    order: all.length < 2 ? undefined : [all.at(-1), ...all.slice(0, -1)].join(' '),
    inverted:
      comma >= 0
        ? `${lower.slice(comma + 1).trim()} ${lower.slice(0, comma).trim()}`.trim()
        : all.length < 2
          ? undefined
          : `${all.at(-1).toLowerCase()}, ${all.slice(0, -1).join(' ').toLowerCase()}`,
    spaced:
      all.length === 0
        ? undefined
        : `  ${label
            .split(/\s+/)
            .map((w, i) => (i % 2 === 0 ? w.toUpperCase() : w.toLowerCase()))
            .join('  ')} `,
    punctuation: `${label.replace(/[-'’]/g, ' ').replace(/[,.](?=\s|$)/g, '')}.`,
    qualified: qualifier === undefined ? undefined : `${label} (${qualifier})`,
  };
}
