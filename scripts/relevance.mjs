#!/usr/bin/env node
// npm run test:relevance: does /search and /suggest find the concept people mean, on the real
// vocabularies in ../shared/vocabularies? For each vocabulary and backend, over a
// deterministic sample of concepts, it measures:
//   exact@1   /search by the concept's prefLabel puts it first (or tied with concepts whose
//             prefLabel is the same, up to case and diacritics)
//   alt       /search by each altLabel (any language, no lang) finds it
//   folded    /search by the prefLabel in lower case without diacritics finds it
//   lang      /search by the prefLabel in each language X, with lang=X, finds it and shows that label
//   typing    typing the prefLabel into /suggest letter by letter: keystrokes until it is in the
//             top 10 (median), and the share found before the first word is complete (concepts
//             whose first word more than 10 concepts share are left out of that share)
//   MRR       type-ahead mean reciprocal rank: the prefLabel in the display language (en, the
//             default) typed into /suggest (count 10), 1/rank over its first 6 letters (0 when
//             not in the list), averaged over the letters and the concepts; without `lang` (the
//             page's default) and with lang=en; and the median number of letters until the
//             concept is first and stays first to the end of its label (concepts whose label
//             several concepts share, up to case and diacritics, are left out of these)
//   stems     /search by the prefLabel (in en, de, fr, es, it, pt, nl, fi, sv) with one word's
//             inflection changed by a simple ending rule of its language (singular for plural
//             and back: `Exoplanets` -> `exoplanet`), kept only where the language's Snowball
//             stemmer gives both forms the same stem, finds the concept
//   cases     the cases a cataloguer met first (issue: ranking), on the vocabularies they name:
//             UNESCO `libr` suggests Libraries and Librarians before Books; `heritage`: every
//             concept whose English prefLabel holds the word before Genome; UAT `sun`, `moon`:
//             The Sun, The Moon in the top 3; `exoplanet`, `black hole`: Exoplanets, Black holes
//             in /search's top 3; STW `oekonom` finds the Ökonomie concepts
//   reconcile /reconcile by the prefLabel, the altLabels and three messy forms of the prefLabel
//             (scripts/relevanceReconcile.mjs says which): the concept as the first candidate,
//             and the precision of `match: true`; a second table
// Expected answers come from the files themselves, parsed here with Oxigraph, not from the service.
// It prints one table, writes it to RELEVANCE.md with --write, and exits 1 under the floors.
//
//   node scripts/relevance.mjs [--sample 500] [--backends embedded,virtuoso:generic,virtuoso:virtuoso]
//                              [--vocabularies unesco,stw,...] [--write]
// A backend is `embedded`, `virtuoso:DIALECT` or `fuseki:DIALECT`, optionally `:off` for LABEL_INDEX=off, and
// optionally `@N` for a sample of N concepts on that backend (the store's own queries are slow).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { STORES, storeCommand } from './privateStores.mjs';
import { SLIPS } from './messyNames.mjs';
import { VOCABULARIES, inflector, readVocabulary } from './vocabularyFiles.mjs';
import { RECONCILE_FLOORS, measureReconciliation } from './relevanceReconcile.mjs';

const FLOORS = { exact: 98, alt: 98, folded: 95, lang: 98, firstWord: 90, stems: 95 };
/** MRR without `lang` may be at most this far under MRR with it (the page's default must not lose). */
const MRR_SLACK = 0.01;
/** Fewer checks than this are shown but not held to a floor: one miss in 20 moves a figure by 5 points. */
const MIN_CHECKS = 50;

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : args[i + 1];
};
const sampleSize = Number(option('sample', '500'));
const backends = option('backends', 'embedded,virtuoso:generic,virtuoso:virtuoso').split(',');
const names = option('vocabularies', Object.keys(VOCABULARIES).join(',')).split(',');
const write = args.includes('--write');
/** Only the reconciliation rows (a quicker run while a rule is tuned); not with --write. */
const onlyReconcile = args.includes('--only-reconcile');
if (onlyReconcile && write) throw new Error('--only-reconcile measures part of the table: it cannot --write RELEVANCE.md');
const concurrency = 6;

execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
const { chooseLabel } = await import('../dist/domain/chooseLabel.js');
const { foldText } = await import('../dist/domain/foldedLetter.js');
const { wordsOf } = await import('../dist/domain/wordsOf.js');
const { stemOf } = await import('../dist/domain/stems.js');
const { isOneTypo } = await import('../dist/domain/reconciliation.js');
const inflected = inflector({ wordsOf, stemOf, foldText });

// ---------------------------------------------------------------------------------------
// Expected answers, from the file

const normalized = (text) => wordsOf(text).map(foldText).join(' ');
/** What someone types without diacritics: lower case, accents dropped. */
const plain = (text) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const usable = (q) => q.trim() !== '' && [...q.trim()].length <= 200;

/** The named cases, per vocabulary: each resolves to undefined when it holds, else what went wrong. */
const CASES = {
  unesco: [
    async (service, vocabulary) => {
      const top = await suggested(service, 'libr');
      const rank = (english) => top.indexOf(uriOf(vocabulary, english));
      const books = Math.min(...['Books', 'Booksellers'].map(rank).filter((i) => i >= 0), Infinity);
      return rank('Libraries') >= 0 && rank('Librarians') >= 0 && rank('Libraries') < books && rank('Librarians') < books
        ? undefined
        : `libr: ${top.slice(0, 6).join(' ')}`;
    },
    async (service, vocabulary) => {
      const { concepts } = await get(`${service.url}/search?q=heritage&lang=en&count=100`);
      const found = concepts.map((concept) => concept.uri);
      const genome = found.indexOf(uriOf(vocabulary, 'Genome'));
      const holding = vocabulary.filter((concept) =>
        wordsOf(chooseLabel(concept.pref, 'en') ?? '').some((word) => word.toLowerCase() === 'heritage'),
      );
      const late = holding.filter((concept) => found.indexOf(concept.uri) < 0 || (genome >= 0 && found.indexOf(concept.uri) > genome));
      return holding.length > 0 && late.length === 0
        ? undefined
        : `heritage: ${late.length} of ${holding.length} prefLabels with the word after Genome`;
    },
  ],
  uat: [
    ...['The Sun', 'The Moon'].map((english) => async (service, vocabulary) => {
      const q = english.slice(4).toLowerCase();
      const top = await suggested(service, q);
      return top.slice(0, 3).includes(uriOf(vocabulary, english))
        ? undefined
        : `${q}: ${english} at ${top.indexOf(uriOf(vocabulary, english)) + 1}`;
    }),
    ...[
      ['exoplanet', 'Exoplanets'],
      ['black hole', 'Black holes'],
    ].map(([q, english]) => async (service, vocabulary) => {
      const { concepts } = await get(`${service.url}/search?q=${encodeURIComponent(q)}&count=3`);
      return concepts.some((concept) => concept.uri === uriOf(vocabulary, english))
        ? undefined
        : `${q}: ${concepts.map((concept) => concept.prefLabel).join(', ')}`;
    }),
  ],
  stw: [
    async (service, vocabulary) => {
      const wanted = vocabulary.filter((concept) => concept.pref.some((label) => label.language === 'de' && /^Ökonom/.test(label.value)));
      const { concepts } = await get(`${service.url}/search?q=oekonom*&count=100`);
      const found = new Set(concepts.map((concept) => concept.uri));
      const missing = wanted.filter((concept) => !found.has(concept.uri));
      const typed = await suggested(service, 'oekonom');
      return wanted.length > 0 && missing.length === 0 && typed.length > 0
        ? undefined
        : `oekonom: ${missing.length} of ${wanted.length} Ökonom… concepts missing; /suggest gave ${typed.length}`;
    },
  ],
};

async function suggested(service, q) {
  const { concepts } = await get(`${service.url}/suggest?q=${encodeURIComponent(q)}&count=10`);
  return concepts.map((concept) => concept.uri);
}

/** The concept whose English prefLabel is `english`. */
function uriOf(vocabulary, english) {
  return vocabulary.find((concept) => concept.pref.some((label) => label.language === 'en' && label.value === english))?.uri;
}

// ---------------------------------------------------------------------------------------
// Backends

async function startService(backend, file) {
  const [store, dialect = 'generic', index = 'on'] = backend.split(':');
  const env =
    store === 'embedded'
      ? { DATA_FILES: file }
      : { SPARQL_ENDPOINT: STORES[store].endpoint, SPARQL_GRAPH: STORES[store].graph, SPARQL_DIALECT: dialect };
  const child = spawn(process.execPath, ['dist/server.js'], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', CACHE_MAX_ENTRIES: '0', LABEL_INDEX: index, SPARQL_TIMEOUT_MS: '60000', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  for await (const chunk of child.stderr) {
    log += chunk;
    const match = /listening on (http:\/\/[^ \n]+)\//.exec(log);
    if (match) {
      child.stderr.resume();
      // it listens before its data and label index are in: wait until it says it is ready
      for (let tries = 0; tries < 6000 && (await fetch(`${match[1]}/ready`).catch(() => undefined))?.status !== 200; tries++)
        await new Promise((done) => setTimeout(done, 100));
      return { url: match[1], stop: () => child.kill() };
    }
  }
  throw new Error(`the service did not start: ${log}`);
}

// ---------------------------------------------------------------------------------------
// Measuring

/**
 * GET a JSON answer. A 502, 503 or 504 (the store failed one query: Virtuoso answered one with
 * HTTP 500 while a checkpoint held its locks, seen once in CI) is asked again after a second,
 * at most twice, and said on stderr: this measures relevance, not the store's health, which
 * `test:store-failure` tests. Anything else fails the run.
 */
async function get(url) {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(url);
    if (response.status === 200) return response.json();
    const text = await response.text();
    if (attempt >= 2 || ![502, 503, 504].includes(response.status)) throw new Error(`${url}: ${response.status} ${text}`);
    process.stderr.write(`relevance: ${url} answered ${response.status} (${text.slice(0, 120)}); asking again\n`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Where `uri` is in /search's answer (1-based), looking through up to 500 results; Infinity when absent. */
async function searchRank(service, q, uri, lang) {
  const extra = lang === undefined ? '' : `&lang=${encodeURIComponent(lang)}`;
  for (let page = 1; page <= 5; page++) {
    const { concepts } = await get(`${service.url}/search?q=${encodeURIComponent(q)}&count=100&page=${page}${extra}`);
    const index = concepts.findIndex((concept) => concept.uri === uri);
    if (index !== -1) return { rank: (page - 1) * 100 + index + 1, concept: concepts[index] };
    if (concepts.length < 100) break;
  }
  return { rank: Infinity };
}

async function measure(service, vocabulary, sample, vocabularyName) {
  const tiedBy = new Map(); // normalized prefLabel -> number of concepts with it
  const wordUse = new Map(); // folded word -> number of concepts with it in a label
  for (const concept of vocabulary) {
    for (const key of new Set(concept.pref.map((label) => normalized(label.value)))) tiedBy.set(key, (tiedBy.get(key) ?? 0) + 1);
    const words = new Set([...concept.pref, ...concept.alt].flatMap((label) => wordsOf(label.value).map(foldText)));
    for (const word of words) wordUse.set(word, (wordUse.get(word) ?? 0) + 1);
  }
  const counts = { exact: [0, 0], alt: [0, 0], folded: [0, 0], lang: [0, 0], firstWord: [0, 0], stems: [0, 0] };
  const keystrokes = [];
  const reciprocal = { plain: [], lang: [] }; // one mean over 6 letters per concept
  const toLastingFirst = [];
  const failures = [];
  const tally = (figure, ok, detail) => {
    counts[figure][0] += ok ? 1 : 0;
    counts[figure][1] += 1;
    if (!ok && failures.length < 400) failures.push(`${figure}: ${detail}`);
  };

  async function one(concept) {
    const label = chooseLabel(concept.pref, 'en');
    if (usable(label)) {
      const { rank } = await searchRank(service, label, concept.uri);
      tally('exact', rank <= (tiedBy.get(normalized(label)) ?? 1), `${concept.uri} "${label}" at ${rank}`);
      const { rank: foldedRank } = await searchRank(service, plain(label), concept.uri);
      tally('folded', foldedRank < Infinity, `${concept.uri} "${plain(label)}"`);
    }
    for (const alt of new Set(concept.alt.map((entry) => entry.value))) {
      if (!usable(alt)) continue;
      const { rank } = await searchRank(service, alt, concept.uri);
      tally('alt', rank < Infinity, `${concept.uri} "${alt}"`);
    }
    for (const language of new Set(concept.pref.map((entry) => entry.language).filter((tag) => tag !== ''))) {
      const expected = chooseLabel(concept.pref, language);
      if (!usable(expected)) continue;
      const { rank, concept: found } = await searchRank(service, expected, concept.uri, language);
      tally(
        'lang',
        rank < Infinity && found.prefLabel === expected,
        `${concept.uri} "${expected}"@${language} ${rank < Infinity ? `shown as "${found.prefLabel}"` : 'not found'}`,
      );
    }
    for (const language of new Set(concept.pref.map((entry) => entry.language).filter((tag) => tag !== ''))) {
      const q = inflected(chooseLabel(concept.pref, language) ?? '', language);
      if (q === undefined || !usable(q)) continue;
      const { rank } = await searchRank(service, q, concept.uri);
      tally('stems', rank < Infinity, `${concept.uri} "${q}"@${language}`);
    }
    // Typing the label into a type-ahead field.
    if (!usable(label)) return;
    if ((tiedBy.get(normalized(label)) ?? 1) === 1) await typeAheadRanks(concept, label);
    const characters = [...label];
    const firstWord = wordsOf(label)[0] ?? '';
    const firstWordEnd = label.indexOf(firstWord) + firstWord.length;
    let typed = Infinity;
    let previous = '';
    for (let k = 1; k <= characters.length; k++) {
      const q = characters.slice(0, k).join('').trim();
      if (q === '' || q === previous) continue;
      previous = q;
      const { concepts } = await get(`${service.url}/suggest?q=${encodeURIComponent(q)}&count=10`);
      if (concepts.some((found) => found.uri === concept.uri)) {
        typed = k;
        break;
      }
    }
    keystrokes.push(typed);
    if ((wordUse.get(foldText(firstWord)) ?? 0) <= 10)
      tally('firstWord', typed <= firstWordEnd, `${concept.uri} "${label}" found after ${typed} keystrokes`);
  }

  /** MRR over the first 6 letters, with and without lang, and the letters to a lasting first place. */
  async function typeAheadRanks(concept, label) {
    const letters = [...label];
    const rankAt = async (k, extra) => {
      const { concepts } = await get(`${service.url}/suggest?q=${encodeURIComponent(letters.slice(0, k).join(''))}&count=10${extra}`);
      return concepts.findIndex((found) => found.uri === concept.uri) + 1; // 0: not in the list
    };
    const prefixes = [];
    for (let k = 1; k <= letters.length; k++)
      if (letters.slice(0, k).join('').trim() !== '' && letters[k - 1]?.trim() !== '') prefixes.push(k);
    const firstSix = prefixes.slice(0, 6);
    for (const [key, extra] of [
      ['plain', ''],
      ['lang', '&lang=en'],
    ]) {
      let sum = 0;
      for (const k of firstSix) {
        const rank = await rankAt(k, extra);
        sum += rank === 0 ? 0 : 1 / rank;
      }
      reciprocal[key].push(sum / firstSix.length);
    }
    let lasting = Infinity;
    for (let i = prefixes.length - 1; i >= 0; i--) {
      if ((await rankAt(prefixes[i], '')) !== 1) break;
      lasting = prefixes[i];
    }
    toLastingFirst.push(lasting);
  }

  const queue = [...sample];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let concept = queue.shift(); concept !== undefined; concept = queue.shift()) await one(concept);
    }),
  );
  keystrokes.sort((a, b) => a - b);
  toLastingFirst.sort((a, b) => a - b);
  const cases = [0, 0];
  for (const check of CASES[vocabularyName] ?? []) {
    const wrong = await check(service, vocabulary);
    cases[0] += wrong === undefined ? 1 : 0;
    cases[1] += 1;
    if (wrong !== undefined) failures.unshift(`case: ${wrong}`);
  }
  const mean = (values) => (values.length === 0 ? undefined : values.reduce((sum, value) => sum + value, 0) / values.length);
  return {
    counts,
    medianKeystrokes: keystrokes[Math.floor((keystrokes.length - 1) / 2)],
    mrr: mean(reciprocal.plain),
    mrrLang: mean(reciprocal.lang),
    mrrConcepts: reciprocal.plain.length,
    cases,
    lettersToFirst: toLastingFirst[Math.floor((toLastingFirst.length - 1) / 2)],
    failures,
  };
}

// ---------------------------------------------------------------------------------------

const percent = ([ok, all]) => (all === 0 ? undefined : (100 * ok) / all);
const cell = (pair) => (pair[1] === 0 ? 'n/a' : `${percent(pair).toFixed(1)}% (${pair[1]})`);
const rows = [];
const reconcileRows = [];
const slipRows = [];
const problems = [];
const started = Date.now();
try {
  for (const spec of backends) {
    const [backend, ownSample] = spec.split('@');
    for (const name of names) {
      const file = VOCABULARIES[name];
      if (file === undefined || !existsSync(file)) throw new Error(`no vocabulary ${name} at ${file}`);
      const vocabulary = readVocabulary(file);
      const step = Math.max(1, Math.floor(vocabulary.length / Number(ownSample ?? sampleSize)));
      const sample = vocabulary.filter((_, i) => i % step === 0);
      const store = backend.split(':')[0];
      if (store in STORES) {
        storeCommand(STORES[store].script, 'start'); // a new, empty database for each vocabulary
        storeCommand(STORES[store].script, 'load', file);
      }
      const service = await startService(backend, file);
      const begun = Date.now();
      let result;
      let reconciled;
      let reconcileSeconds;
      try {
        result = onlyReconcile ? undefined : await measure(service, vocabulary, sample, name);
        const reconcileBegun = Date.now();
        reconciled = await measureReconciliation(service, vocabulary, sample, {
          chooseLabel,
          normalized,
          inflected,
          usable,
          wordsOf,
          isOneTypo,
        });
        reconcileSeconds = Math.round((Date.now() - reconcileBegun) / 1000);
      } finally {
        service.stop();
      }
      if (result !== undefined) searchRows(result, name, backend, sample, begun);
      // reconciliation: floors on the label index; the store path (`:off`) reconciles what /search finds, without typos (README)
      const indexed = !backend.endsWith(':off');
      const rc = reconciled.counts;
      reconcileRows.push(
        `| ${name} | ${backend} | ${cell(rc.exact)} | ${cell(rc.messy)} | ${cell(rc.matches)} | ${cell(rc.autoExact)} | ${cell(rc.autoExactPrecision)} | ${cell(rc.autoMessy)} | ${cell(rc.autoMessyPrecision)} | ${cell(rc.autoTypo)} | ${cell(rc.namesakes)} | ${cell(rc.namesakesBroader)} | ${cell(rc.autoBroader)} | ${cell(rc.autoBroaderPrecision)} | ${Math.round(reconciled.batchMs)} ms | ${reconcileSeconds} s | ${indexed ? 'yes' : 'no (store path)'} |`,
      );
      const slipCells = [...SLIPS, 'homonym'].map((kind) => {
        const [right, all, made] = rc[`auto:${kind}`];
        return `${cell([right, all])}${made > right ? `, ${made - right} wrong` : ''}`;
      });
      slipRows.push(`| ${name} | ${backend} | ${slipCells.join(' | ')} |`);
      process.stderr.write(`${reconcileRows.at(-1)}\n${slipRows.at(-1)}\n`);
      if (process.env.RELEVANCE_MISSES !== undefined)
        process.stderr.write(`${reconciled.failures.map((line) => `  reconcile miss: ${line}`).join('\n')}\n`);
      if (indexed) {
        for (const [figure, floor] of [
          ['exact', RECONCILE_FLOORS.exact],
          ['messy', RECONCILE_FLOORS.messy],
          ['matches', RECONCILE_FLOORS.matchPrecision],
          ['autoExact', RECONCILE_FLOORS.autoExact],
          ['autoExactPrecision', RECONCILE_FLOORS.autoExactPrecision],
          ['autoMessyPrecision', RECONCILE_FLOORS.autoMessyPrecision],
          ['autoTypo', RECONCILE_FLOORS.autoTypo],
        ]) {
          const value = percent(rc[figure]);
          if (value !== undefined && rc[figure][1] >= MIN_CHECKS && value < floor)
            problems.push(
              `${name} on ${backend}: reconcile ${figure} ${value.toFixed(1)}% is under ${floor}%; first misses:\n  ${reconciled.failures
                .filter((line) =>
                  line.startsWith(
                    figure === 'matches' || figure === 'autoExactPrecision'
                      ? 'match'
                      : figure === 'autoMessyPrecision'
                        ? 'wrong'
                        : figure === 'messy' || figure === 'autoTypo'
                          ? ''
                          : figure,
                  ),
                )
                .slice(0, 8)
                .join('\n  ')}`,
            );
        }
      }
    }
  }
} finally {
  for (const store of Object.keys(STORES)) if (backends.some((spec) => spec.startsWith(store))) storeCommand(STORES[store].script, 'stop');
}

/** The /search and /suggest row of a vocabulary on a backend, and its floors' problems. */
function searchRows(result, name, backend, sample, begun) {
  const { counts, medianKeystrokes, mrr, mrrLang, mrrConcepts, lettersToFirst, cases } = result;
  const three = (value) => (value === undefined ? 'n/a' : value.toFixed(3));
  rows.push(
    `| ${name} | ${backend} | ${sample.length} | ${cell(counts.exact)} | ${cell(counts.alt)} | ${cell(counts.folded)} | ${cell(counts.lang)} | ${medianKeystrokes} | ${cell(counts.firstWord)} | ${three(mrr)} | ${three(mrrLang)} | ${lettersToFirst === Infinity ? 'never' : lettersToFirst} | ${cell(counts.stems)} | ${cases[1] === 0 ? '' : `${cases[0]}/${cases[1]}`} | ${Math.round((Date.now() - begun) / 1000)} s |`,
  );
  process.stderr.write(`${rows.at(-1)}\n`);
  if (process.env.RELEVANCE_MISSES !== undefined) process.stderr.write(`${result.failures.map((line) => `  miss: ${line}`).join('\n')}\n`); // every miss, floors or not
  for (const [figure, floor] of Object.entries(FLOORS)) {
    const value = percent(counts[figure]);
    if (value !== undefined && counts[figure][1] >= MIN_CHECKS && value < floor)
      problems.push(
        `${name} on ${backend}: ${figure} ${value.toFixed(1)}% is under ${floor}%; first misses:\n  ${result.failures
          .filter((line) => line.startsWith(figure))
          .slice(0, 8)
          .join('\n  ')}`,
      );
  }
  if (mrrConcepts >= MIN_CHECKS && mrr < mrrLang - MRR_SLACK)
    problems.push(
      `${name} on ${backend}: MRR without lang ${mrr.toFixed(3)} is more than ${MRR_SLACK} under MRR with lang=en ${mrrLang.toFixed(3)}`,
    );
  if (cases[0] < cases[1])
    problems.push(
      `${name} on ${backend}: ${cases[1] - cases[0]} named case(s) wrong:\n  ${result.failures.filter((line) => line.startsWith('case')).join('\n  ')}`,
    );
}

const table = `| vocabulary | backend | concepts | exact@1 | altLabel | folded | lang | median keystrokes | before first word ends | MRR@6 | MRR@6, lang=en | letters to a lasting #1 | stems | cases | time |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}`;
const reconcileTable = `| vocabulary | backend | exact names first | messy names first | match precision | auto-match recall, exact | auto-match precision, exact | auto-match recall, messy | auto-match precision, messy | auto-match recall, one typo | namesakes first | namesakes first, with broader | auto-match recall, namesakes with broader | its precision | median batch of 50 | time | floors |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${reconcileRows.join('\n')}`;
const slipTable = `| vocabulary | backend | ${[...SLIPS, 'homonym'].join(' | ')} |
|---|---|${[...SLIPS, 'homonym'].map(() => '---|').join('')}
${slipRows.join('\n')}`;
const command = `node scripts/relevance.mjs ${args.filter((arg) => arg !== '--write').join(' ')}`.trim();
console.log(table);
console.log(`\n${reconcileTable}\n\n${slipTable}`);
console.log(
  problems.length === 0
    ? `relevance: ${rows.length} passed, 0 failed`
    : `\n${problems.join('\n')}\nrelevance: ${rows.length - problems.length} passed, ${problems.length} failed`,
);
if (write) {
  // the run's part of RELEVANCE.md lies between these markers; the text around them is kept as it is
  const [OPEN, CLOSE] = ['<!-- generated:relevance -->', '<!-- /generated:relevance -->'];
  const previous = existsSync('docs/RELEVANCE.md') ? readFileSync('docs/RELEVANCE.md', 'utf8') : `# Relevance\n\n${OPEN}\n${CLOSE}\n`;
  const [before, after] = [previous.slice(0, previous.indexOf(OPEN)), previous.slice(previous.indexOf(CLOSE) + CLOSE.length)];
  writeFileSync(
    'docs/RELEVANCE.md',
    `${before}${OPEN}
How well /search and /suggest find the concept people mean, on the real vocabularies in
\`../shared/vocabularies/\`. Produced by \`npm run test:relevance\` (\`${command}\`) on
${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, in ${Math.round((Date.now() - started) / 1000)} s.
Percentages are of the checks made (their number in brackets); "n/a" where a vocabulary
has nothing to check (no altLabels). Floors: exact@1 ${FLOORS.exact}%, altLabel ${FLOORS.alt}%,
folded ${FLOORS.folded}%, lang ${FLOORS.lang}%, before the first word ends ${FLOORS.firstWord}%,
stems ${FLOORS.stems}%, MRR@6 at most ${MRR_SLACK} under MRR@6 with lang=en, for figures of at
least ${MIN_CHECKS} checks (the store-path rows' small samples give fewer); every named case.

Backends: \`embedded\` is the default configuration (embedded Oxigraph, label index on);
\`virtuoso:generic\` the label index built from a private Virtuoso, with details from it;
\`virtuoso:virtuoso:off\` the virtuoso dialect's own queries (\`LABEL_INDEX=off\`: its text
index narrows, regular expressions decide), on a smaller sample (the \`@N\` of the
backend) because each request there is a store query of tens to hundreds of milliseconds.
\`fuseki:generic\` and \`fuseki:generic:off\` the same on Apache Jena Fuseki 5.6.0 (TDB2,
\`scripts/fuseki.sh\`: docs/stores.md, "Fuseki").

${table}

## Reconciliation

\`/reconcile\` (docs/openrefine.md, "Reconciliation") by each sampled concept's prefLabel and altLabels
("exact names"), and by a labelled set of messy forms of its prefLabel (\`scripts/messyNames.mjs\`:
a keyboard-neighbour typo, a dropped, a doubled and two swapped letters, two typos, diacritics
dropped, plural or singular, another word order, an inverted heading, stray spaces and case,
punctuation, a qualifier in brackets). "First": the concept is the first candidate (or among
the first k where k concepts carry that label). "Match precision": of the candidates marked
\`match: true\`, the share that are the concept (the count in brackets is of such marks).
"Auto-match" is what OpenRefine's "match each cell to its best candidate" does (the first
candidate, where it is a match), under the match rule in force (\`RECONCILE_MATCH\`, default
\`near\`), on names only one concept carries: recall (the concept auto-matched, of such names)
and precision (of the auto-matches, those that are the concept), for exact prefLabels, for
the messy forms, and for the one-typo slips (neighbour, dropped, doubled, swapped).
"Namesakes": a prefLabel other concepts carry too, sent alone and then with the concept's
broader concept as a property (its label, or its IRI with the label as a reconciled cell
gives it, one each): how often the concept comes first, and how often it is auto-matched
(recall) and how often an auto-match is right (precision): what the property weight does.
Floors on the label index backends: exact names ${RECONCILE_FLOORS.exact}%, messy names ${RECONCILE_FLOORS.messy}%, match precision
${RECONCILE_FLOORS.matchPrecision}%, auto-match recall on exact prefLabels ${RECONCILE_FLOORS.autoExact}% at precision ${RECONCILE_FLOORS.autoExactPrecision}%, auto-match precision
on messy names ${RECONCILE_FLOORS.autoMessyPrecision}%, auto-match recall on one-typo names ${RECONCILE_FLOORS.autoTypo}%. The store path (\`:off\`)
reconciles the concepts /search finds: a name with a typo is found there only when its other
words, or the start of the mistyped word's stem, bring the concept in; its rows are shown
without floors.

${reconcileTable}

Auto-match per slip: recall (of the names with that slip, the concept auto-matched), and the
wrong auto-matches, if any. "homonym": the exact prefLabel of a concept where another
concept's label is one edit from it.

${slipTable}

What each figure means is written at the top of \`scripts/relevance.mjs\` and \`scripts/relevanceReconcile.mjs\`.
${CLOSE}${after}`,
  );
}
process.exit(problems.length === 0 ? 0 : 1);
