#!/usr/bin/env node
// Writes a synthetic SKOS vocabulary as gzipped N-Triples, for benchmarks:
//   node bench/generate-vocabulary.mjs [--concepts 200000] [--seed 1] [--out tmp/bench/synthetic-200000.nt.gz]
//        [--languages 13 [--labels classification]] [--labels authority] [--typed 1]
// Every concept has an English and a German prefLabel of one to four words, 0 to 2
// altLabels, a notation, a scheme, and 0 to 3 skos:related links stated in one direction.
// With --languages N (2 to 13) the shape of a multilingual classification instead: an
// English prefLabel and, each with a chance of 40%, one in each of N - 1 other languages
// (de fr es it nl sv fi ru ar ja zh ko, in that order: Cyrillic, Arabic, and Japanese and
// Chinese labels written without spaces, as they are), an altLabel for 60% of the concepts,
// a notation, a scheme, and one skos:broader link to an earlier concept (no related links):
// at 1.4 million concepts about 9 million labels. --typed F types only that share of the
// concepts skos:Concept (exports of classifications often type a few; the rest are
// concepts by their links alone, see SKOS_ENTAILMENT). With --labels classification (and
// --languages 13), labels as a real classification's (Iconclass, docs/benchmark-history.md,
// "Real labels against the generator's"): 3% of the concepts are base entries, the rest a base
// entry's label followed by a key's text in brackets, as Iconclass' keyed notations are; a
// base label's words are drawn at 1 / 5 / 15 (p10 / p50 / p90) and a key's at 1 / 3 / 7, from
// a lexicon of shorter words, so that the labels come out as Iconclass' do (8 words and about
// 60 characters at the median); each language with Iconclass' share of the concepts (six in
// nearly every one, the others in a few in a hundred); no altLabels.
// With --labels authority, names as an authority file's (a name authority file, GND's persons
// and bodies): 70% personal names ("Surname, Forename Middle, 1850-1921", half with dates, a few
// with a qualifier in brackets), 22% corporate names ("Society of ... (City)", a body and its
// subdivision), 8% meetings ("Conference on ... (3rd : 1998 : City)"); surnames from 300,000
// (Zipf-like: the commonest in about 1% of the names), forenames from 6,000; each name 0 to 3
// variants (the name in direct order, initials, another script: Cyrillic, Greek, Arabic,
// Hebrew, Japanese, Chinese), and one name in 50 with 10 to 40 (the famous: every script and
// spelling); prefLabels without a language, as such files have them; one related link in five.
// Words are made of syllables and follow a Zipf-like frequency, so that some words (and
// most short prefixes) match thousands of labels, as in real thesauri; the German words
// carry umlauts and ß. The same arguments always give the same file.
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createGzip } from 'node:zlib';
import { once } from 'node:events';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
);
const concepts = Number(args.concepts ?? 200000);
const seed = Number(args.seed ?? 1);
const languageCount = args.languages === undefined ? undefined : Number(args.languages);
const typed = Number(args.typed ?? 1);
const out =
  args.out ??
  `tmp/bench/synthetic-${concepts}${languageCount === undefined ? '' : `-${languageCount}-languages`}${args.labels === undefined ? '' : `-${args.labels}`}${typed === 1 ? '' : `-typed-${typed}`}.nt.gz`;
if (languageCount !== undefined && !(Number.isInteger(languageCount) && languageCount >= 2 && languageCount <= 13))
  throw new Error('--languages must be an integer from 2 to 13');
if (!(typed >= 0 && typed <= 1)) throw new Error('--typed must be a share from 0 to 1');
const classification = args.labels === 'classification';
const authority = args.labels === 'authority';
if (args.labels !== undefined && !(classification && languageCount === 13) && !(authority && languageCount === undefined))
  throw new Error('--labels takes classification (with --languages 13) or authority');
if (!Number.isInteger(concepts) || concepts < 1) throw new Error('--concepts must be a positive integer');

// mulberry32: a small, seeded PRNG
let state = seed >>> 0;
function random() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (list) => list[Math.floor(random() * list.length)];

const ONSETS = [
  'b',
  'c',
  'd',
  'f',
  'g',
  'h',
  'k',
  'l',
  'm',
  'n',
  'p',
  'r',
  's',
  't',
  'v',
  'w',
  'br',
  'ch',
  'cl',
  'cr',
  'fl',
  'gr',
  'pl',
  'pr',
  'sh',
  'st',
  'str',
  'th',
  'tr',
];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'a', 'e', 'io', 'ea', 'ou'];
const CODAS = ['', '', '', 'n', 'r', 's', 't', 'l', 'm', 'nd', 'rt', 'st', 'ng', 'ck'];
const GERMAN = [
  ['a', 'ä'],
  ['o', 'ö'],
  ['u', 'ü'],
  ['ss', 'ß'],
  ['c', 'k'],
  ['sh', 'sch'],
  ['th', 't'],
  ['v', 'w'],
];

function word(min, spread = 3) {
  let text = '';
  const syllables = min + Math.floor(random() * spread);
  for (let i = 0; i < syllables; i++) text += pick(ONSETS) + pick(VOWELS) + pick(CODAS);
  return text;
}
function german(english) {
  let text = english;
  for (const [from, to] of GERMAN) if (random() < 0.5) text = text.replaceAll(from, to);
  return text + (random() < 0.3 ? 'ung' : '');
}

// A lexicon of 20,000 words (a few short function-like words among them), paired with German forms.
// (a classification's words are shorter: its labels are sentences of common words)
const lexicon = Array.from({ length: 20000 }, (_, i) => (classification ? word(1, 2) : word(i < 200 ? 1 : 2)));
const germanLexicon = lexicon.map(german);
// Zipf-like choice: index ~ exp(u * ln N), so low indexes are far more frequent.
const zipf = () => Math.min(lexicon.length - 1, Math.floor(Math.exp(random() * Math.log(lexicon.length))) - 1);
const capitalise = (text) => text.charAt(0).toUpperCase() + text.slice(1);
function label() {
  const n = 1 + Math.floor(random() * random() * 4.5);
  const picks = Array.from({ length: n }, zipf);
  return [capitalise(picks.map((i) => lexicon[i]).join(' ')), capitalise(picks.map((i) => germanLexicon[i]).join(' '))];
}

// The other languages' forms of a word: Latin-script languages change letters, the others
// write its syllables in their own script (a letter for each Latin letter, or for CJK one
// character for each syllable-like pair of letters, from a block of common characters).
const LATIN = {
  fr: [
    ['e', 'é'],
    ['a', 'à'],
    ['o', 'ô'],
    ['c', 'ç'],
  ],
  es: [
    ['n', 'ñ'],
    ['o', 'ó'],
    ['a', 'á'],
    ['i', 'í'],
  ],
  it: [
    ['e', 'è'],
    ['o', 'ò'],
    ['u', 'ù'],
  ],
  nl: [
    ['ij', 'ĳ'],
    ['u', 'uu'],
    ['e', 'ee'],
  ],
  sv: [
    ['a', 'å'],
    ['o', 'ö'],
    ['ae', 'ä'],
  ],
  fi: [
    ['a', 'ä'],
    ['o', 'ö'],
    ['k', 'kk'],
  ],
};
const CYRILLIC = Object.fromEntries([...'abcdefghijklmnopqrstuvwxyz'].map((letter, i) => [letter, 'абцдефгхийклмнопярстуввхыз'[i]]));
const ARABIC = Object.fromEntries([...'abcdefghijklmnopqrstuvwxyz'].map((letter, i) => [letter, 'ابتدعفغهيجكلمنوپقرستيوحخيز'[i]]));
function otherForm(word, language) {
  if (language === 'de') return german(word);
  if (LATIN[language] !== undefined) {
    let text = word;
    for (const [from, to] of LATIN[language]) if (random() < 0.5) text = text.replaceAll(from, to);
    return text;
  }
  if (language === 'ru') return [...word].map((letter) => CYRILLIC[letter] ?? letter).join('');
  if (language === 'ar') return [...word].map((letter) => ARABIC[letter] ?? letter).join('');
  // ja, zh: CJK ideographs (U+4E00 on); ko: Hangul syllables (U+AC00 on)
  const base = language === 'ko' ? 0xac00 : 0x4e00;
  const span = language === 'ko' ? 11_000 : 6_000;
  let text = '';
  for (let i = 0; i < word.length; i += 2)
    text += String.fromCodePoint(base + ((word.charCodeAt(i) * 131 + (word.charCodeAt(i + 1) || 7) * 31 + i) % span));
  return text;
}
const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'sv', 'fi', 'ru', 'ar', 'ja', 'zh', 'ko'].slice(0, languageCount ?? 2);
const formCache = new Map();
function multilingual(picks, language) {
  if (language === 'en') return capitalise(picks.map((i) => lexicon[i]).join(' '));
  const words = picks.map((i) => {
    const key = `${language}:${i}`;
    let form = formCache.get(key);
    if (form === undefined) formCache.set(key, (form = otherForm(lexicon[i], language)));
    return form;
  });
  // Japanese and Chinese labels are written without spaces between words
  return capitalise(words.join(language === 'ja' || language === 'zh' ? '' : ' '));
}

// The classification shape (--labels classification): words a label, drawn through measured
// quantiles (linear between them), and each language's share of the concepts, in LANGUAGES'
// order, as Iconclass' 1,372,430 concepts have them (en de fr it pt ja in nearly every one; cs
// 3%, fi and pl 1.5%, es 1.1%, zh 0.6%, nl 0.3%, hu a few hundred: some 6.1 a concept).
const BASE_WORDS = [
  [0, 1],
  [0.1, 1],
  [0.5, 5],
  [0.9, 15],
  [0.99, 30],
  [1, 50],
];
const KEY_WORDS = [
  [0, 1],
  [0.1, 1],
  [0.5, 3],
  [0.9, 7],
  [1, 16],
];
const LANGUAGE_SHARES = [1, 0.999, 0.999, 0.011, 0.999, 0.003, 0.988, 0.015, 0.03, 0.015, 0.997, 0.006, 0.0002];
function drawn(quantiles) {
  const u = random();
  for (let i = 1; i < quantiles.length; i++) {
    const [p, value] = quantiles[i];
    const [p0, value0] = quantiles[i - 1];
    if (u <= p) return Math.max(1, Math.round(value0 + ((u - p0) / (p - p0)) * (value - value0)));
  }
  return quantiles[quantiles.length - 1][1];
}
const baseEntries = Math.max(1, Math.round(concepts * 0.03));
const basePicks = [];
const keyPicks = Array.from({ length: classification ? 2875 : 0 }, () => Array.from({ length: drawn(KEY_WORDS) }, zipf));

const NS = 'http://example.org/synthetic/';
const SKOS = 'http://www.w3.org/2004/02/skos/core#';
const iri = (value) => `<${value}>`;
const literal = (value, lang) => `"${value}"@${lang}`;

// ---- the authority shape (--labels authority) ----
const surnames = authority ? Array.from({ length: 300_000 }, () => capitalise(word(1, 3))) : [];
const forenames = authority ? Array.from({ length: 6000 }, () => capitalise(word(1, 2))) : [];
const cities = authority ? Array.from({ length: 3000 }, () => capitalise(word(2, 2))) : [];
/** Zipf-like over a list: index ~ exp(u * ln N), the first entries far more often. */
const zipfOf = (list) => list[Math.min(list.length - 1, Math.floor(Math.exp(random() * Math.log(list.length))) - 1)];
const BODIES = ['Society', 'Association', 'University', 'Institute', 'Museum', 'Library', 'Company', 'Church', 'Council', 'Orchestra'];
const SUBDIVISIONS = ['Department of', 'Faculty of', 'Committee on', 'Section for', 'Board of'];
const QUALIFIERS = ['Composer', 'Painter', 'Fictitious character', 'Saint', 'Printer', 'Photographer', 'Spirit'];
const ORDINALS = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th'];
const GREEK = Object.fromEntries([...'abcdefghijklmnopqrstuvwxyz'].map((letter, i) => [letter, 'αβψδεφγηιξκλμνοπθρστυβωχυζ'[i]]));
const HEBREW = Object.fromEntries([...'abcdefghijklmnopqrstuvwxyz'].map((letter, i) => [letter, 'אבצדעפגהיזכלמנופקרסטווחייז'[i]]));
const SCRIPTS = [
  ['ru', (text) => [...text.toLowerCase()].map((letter) => CYRILLIC[letter] ?? letter).join('')],
  ['el', (text) => [...text.toLowerCase()].map((letter) => GREEK[letter] ?? letter).join('')],
  ['ar', (text) => [...text.toLowerCase()].map((letter) => ARABIC[letter] ?? letter).join('')],
  ['he', (text) => [...text.toLowerCase()].map((letter) => HEBREW[letter] ?? letter).join('')],
  ['ja', (text) => otherForm(text.toLowerCase().replace(/[^a-z]/g, ''), 'ja')],
  ['zh', (text) => otherForm(text.toLowerCase().replace(/[^a-z]/g, ''), 'zh')],
];
const spelt = (text) => text.replace(/[aeiou]/, () => pick(['a', 'e', 'i', 'o', 'u', 'y', 'ei', 'ou']));
function dates() {
  const born = 1500 + Math.floor(random() * 500);
  const u = random();
  if (u < 0.6) return `${born}-${born + 20 + Math.floor(random() * 70)}`;
  if (u < 0.8) return born > 1930 ? `${born}-` : `${born}-${born + 40}`;
  if (u < 0.9) return `active ${Math.floor(born / 100) + 1}th century`;
  return `-${born + 50}`;
}
/** One name, its variants, and how its variants are written. */
function authorityName() {
  const u = random();
  if (u < 0.7) {
    const surname = zipfOf(surnames);
    const given = [zipfOf(forenames), ...(random() < 0.3 ? [zipfOf(forenames)] : [])];
    const when = random() < 0.5 ? `, ${dates()}` : '';
    const qualifier = random() < 0.04 ? ` (${pick(QUALIFIERS)})` : '';
    const name = `${surname}, ${given.join(' ')}${when}${qualifier}`;
    const direct = `${given.join(' ')} ${surname}`;
    const initials = `${surname}, ${given.map((g) => `${g[0]}.`).join(' ')}`;
    return { name, forms: [direct, initials, `${surname}, ${given[0]}`, direct.replaceAll('e', 'é')], plain: direct };
  }
  if (u < 0.92) {
    const subject = Array.from({ length: 1 + Math.floor(random() * 3) }, zipf).map((w) => lexicon[w]);
    const city = zipfOf(cities);
    const body = `${pick(BODIES)} of ${subject.map(capitalise).join(' ')}`;
    const name = random() < 0.3 ? `${body}. ${pick(SUBDIVISIONS)} ${capitalise(lexicon[zipf()])}` : `${body} (${city})`;
    return { name, forms: [`${city} ${body}`, body, `${subject.map(capitalise).join(' ')} ${pick(BODIES)}`], plain: body };
  }
  const topic = Array.from({ length: 1 + Math.floor(random() * 3) }, zipf).map((w) => capitalise(lexicon[w]));
  const year = 1900 + Math.floor(random() * 125);
  const name = `Conference on ${topic.join(' ')} (${pick(ORDINALS)} : ${year} : ${zipfOf(cities)})`;
  return { name, forms: [`${topic.join(' ')} Conference`, `International Conference on ${topic.join(' ')}`], plain: topic.join(' ') };
}
async function authorityNames() {
  for (let i = 1; i <= concepts; i++) {
    const concept = iri(`${NS}n${i}`);
    const { name, forms, plain } = authorityName();
    await emit(concept, iri('http://www.w3.org/1999/02/22-rdf-syntax-ns#type'), iri(`${SKOS}Concept`));
    await emit(concept, iri(`${SKOS}inScheme`), scheme);
    await emit(concept, iri(`${SKOS}prefLabel`), `"${name}"`);
    const famous = random() < 0.02;
    const variants = famous ? 10 + Math.floor(random() * 31) : Math.floor(random() * random() * 4.5);
    const seen = new Set([name]);
    for (let v = 0; v < variants; v++) {
      // the plain forms first; past them (and for the famous) a form in another script, or
      // another spelling of one (a vowel changed, as transliterations differ)
      const [language, write] =
        v < forms.length && !famous ? [undefined, (text) => text] : random() < 0.5 ? pick(SCRIPTS) : [undefined, spelt];
      const text = write(famous ? pick(forms) : v < forms.length ? forms[v] : plain);
      if (seen.has(text)) continue;
      seen.add(text);
      await emit(concept, iri(`${SKOS}altLabel`), language === undefined ? `"${text}"` : literal(text, language));
    }
    if (random() < 0.2) await emit(concept, iri(`${SKOS}related`), iri(`${NS}n${1 + Math.floor(random() * concepts)}`));
  }
}

mkdirSync(dirname(out), { recursive: true });
const gzip = createGzip({ level: 4 });
const file = createWriteStream(out);
gzip.pipe(file);
let buffer = '';
async function emit(s, p, o) {
  buffer += `${s} ${p} ${o} .\n`;
  if (buffer.length > 1 << 20) {
    if (!gzip.write(buffer)) await once(gzip, 'drain');
    buffer = '';
  }
}

const scheme = iri(`${NS}scheme`);
await emit(scheme, iri('http://www.w3.org/1999/02/22-rdf-syntax-ns#type'), iri(`${SKOS}ConceptScheme`));
await emit(scheme, iri(`${SKOS}prefLabel`), literal('Synthetic thesaurus', 'en'));
for (let i = 1; i <= concepts && languageCount !== undefined; i++) {
  const concept = iri(`${NS}c${i}`);
  if (random() < typed) await emit(concept, iri('http://www.w3.org/1999/02/22-rdf-syntax-ns#type'), iri(`${SKOS}Concept`));
  await emit(concept, iri(`${SKOS}inScheme`), scheme);
  if (classification) {
    // a base entry, or a base entry's label with a key's text
    const base = i <= baseEntries ? undefined : basePicks[Math.floor(random() * basePicks.length)];
    const picks = base ?? Array.from({ length: drawn(BASE_WORDS) }, zipf);
    if (base === undefined) basePicks.push(picks);
    const key = base === undefined ? undefined : keyPicks[Math.floor(random() * keyPicks.length)];
    for (const [l, language] of LANGUAGES.entries())
      if (random() < LANGUAGE_SHARES[l]) {
        const text = multilingual(picks, language) + (key === undefined ? '' : ` (${multilingual(key, language).toLowerCase()})`);
        await emit(concept, iri(`${SKOS}prefLabel`), literal(text, language));
      }
  } else {
    const picks = Array.from({ length: 1 + Math.floor(random() * random() * 4.5) }, zipf);
    for (const language of LANGUAGES)
      if (language === 'en' || random() < 0.4)
        await emit(concept, iri(`${SKOS}prefLabel`), literal(multilingual(picks, language), language));
  }
  if (!classification && random() < 0.6) {
    const language = LANGUAGES[Math.floor(random() * LANGUAGES.length)];
    await emit(
      concept,
      iri(`${SKOS}altLabel`),
      literal(multilingual(Array.from({ length: 1 + Math.floor(random() * 3) }, zipf), language), language),
    );
  }
  await emit(concept, iri(`${SKOS}notation`), `"${Math.floor(i / 1000)}.${i % 1000}"`);
  if (i > 20) await emit(concept, iri(`${SKOS}broader`), iri(`${NS}c${1 + Math.floor(random() * Math.min(i - 1, 100_000 + i / 10))}`));
}
for (let i = 1; i <= concepts && languageCount === undefined && !authority; i++) {
  const concept = iri(`${NS}c${i}`);
  const [en, de] = label();
  await emit(concept, iri('http://www.w3.org/1999/02/22-rdf-syntax-ns#type'), iri(`${SKOS}Concept`));
  await emit(concept, iri(`${SKOS}inScheme`), scheme);
  await emit(concept, iri(`${SKOS}prefLabel`), literal(en, 'en'));
  await emit(concept, iri(`${SKOS}prefLabel`), literal(de, 'de'));
  await emit(concept, iri(`${SKOS}notation`), `"S-${i}"`);
  const alts = Math.floor(random() * 3);
  for (let a = 0; a < alts; a++) {
    const [altEn, altDe] = label();
    await emit(concept, iri(`${SKOS}altLabel`), random() < 0.5 ? literal(altEn, 'en') : literal(altDe, 'de'));
  }
  const related = Math.floor(random() * 4);
  for (let r = 0; r < related; r++) await emit(concept, iri(`${SKOS}related`), iri(`${NS}c${1 + Math.floor(random() * concepts)}`));
}
if (authority) await authorityNames();
gzip.end(buffer);
await once(file, 'close');
process.stderr.write(`generate-vocabulary: ${concepts} concepts written to ${out}\n`);
