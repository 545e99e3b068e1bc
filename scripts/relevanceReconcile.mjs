// The reconciliation rows of npm run test:relevance (scripts/relevance.mjs): for each sampled
// concept, names sent to /reconcile in batches of 50 (a form POST, as OpenRefine sends them):
//   exact     its prefLabel (the one shown for en, the default) and each altLabel
//   homonym   its prefLabel, where another concept's label is one edit from it (the match
//             must stay with this concept)
//   slips     the labelled messy set: its prefLabel with each slip of scripts/messyNames.mjs
//             (keyboard-neighbour typo, dropped, doubled and swapped letters, two typos,
//             diacritics dropped, plural or singular, word order, inverted, stray spaces and
//             case, punctuation, a qualifier in brackets: its broader concept's label, else
//             the first word of another sampled concept's label)
// A slip equal to another label of the vocabulary is left out (it names that concept, not this
// one). Figures: the share of names whose first candidate is the concept (or one of the k
// concepts whose labels are that label, up to case and diacritics, for a label k concepts
// carry), for exact names and for messy ones; the precision of `match: true` (a candidate so
// marked that is not the concept counts against it); and OpenRefine's auto-match ("match each
// cell to its best candidate": the first candidate, where it is a match) on names of one
// concept only (no other concept carries the label): its recall (the concept auto-matched)
// and precision (auto-matches that are the concept), for the exact prefLabels, for the messy
// forms, for the one-typo slips, and per slip.

import { ONE_TYPO, SLIPS, slipsOf } from './messyNames.mjs';

export const RECONCILE_FLOORS = {
  exact: 95,
  messy: 80,
  matchPrecision: 99.5,
  autoExact: 90,
  autoExactPrecision: 99.5,
  autoMessyPrecision: 99.5,
  autoTypo: 90,
};
const BATCH = 50;

/**
 * @param service {url}
 * @param vocabulary [{uri, pref: [{value, language}], alt: [...]}]
 * @param sample the concepts to check
 * @param tools {chooseLabel, normalized, inflected, usable, wordsOf, isOneTypo (the service's: one edit, 5 letters or more)}
 */
export async function measureReconciliation(service, vocabulary, sample, tools) {
  const names = labelledNames(vocabulary, sample, tools);
  const counts = {
    exact: [0, 0],
    messy: [0, 0],
    matches: [0, 0],
    autoExact: [0, 0],
    autoExactPrecision: [0, 0],
    autoMessy: [0, 0],
    autoMessyPrecision: [0, 0],
    autoTypo: [0, 0],
    namesakes: [0, 0],
    namesakesBroader: [0, 0],
    autoBroader: [0, 0],
    autoBroaderPrecision: [0, 0],
    // per slip (and `homonym`): [first, names] as the rest, and auto-match [right, names, made]
    ...Object.fromEntries(
      [...SLIPS, 'homonym'].flatMap((kind) => [
        [kind, [0, 0]],
        [`auto:${kind}`, [0, 0, 0]],
      ]),
    ),
  };
  const failures = [];
  const durations = [];
  for (let start = 0; start < names.length; start += BATCH) {
    const batch = names.slice(start, start + BATCH);
    const queries = Object.fromEntries(
      batch.map((name, i) => [
        `q${i}`,
        { query: name.q, limit: 10, ...(name.properties === undefined ? {} : { properties: name.properties }) },
      ]),
    );
    // a batch the store failed (502, 503, 504), or whose kept-alive connection the service
    // closed as it was sent (its idle timeout met the request: fetch does not send a POST
    // again by itself), is sent again after a second, at most twice, as relevance.mjs's `get`
    // does; its time is the answered attempt's
    let begun;
    let response;
    for (let attempt = 0; ; attempt++) {
      begun = performance.now();
      try {
        response = await fetch(`${service.url}/reconcile`, {
          method: 'POST',
          body: new URLSearchParams({ queries: JSON.stringify(queries) }),
        });
      } catch (error) {
        if (attempt >= 2 || error.cause?.code !== 'UND_ERR_SOCKET') throw error;
        process.stderr.write(`relevance: /reconcile: ${error.cause.message}; asking again\n`);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        continue;
      }
      if (response.status === 200) break;
      const text = await response.text();
      if (attempt >= 2 || ![502, 503, 504].includes(response.status)) throw new Error(`/reconcile: ${response.status} ${text}`);
      process.stderr.write(`relevance: /reconcile answered ${response.status} (${text.slice(0, 120)}); asking again\n`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const results = await response.json();
    durations.push(performance.now() - begun);
    batch.forEach((name, i) => {
      const result = results[`q${i}`]?.result ?? [];
      const rank = result.findIndex((candidate) => candidate.id === name.uri) + 1;
      const first = rank >= 1 && rank <= name.ties;
      const tally = (figure) => {
        counts[figure][0] += first ? 1 : 0;
        counts[figure][1] += 1;
      };
      tally(name.kind);
      if (name.kind === 'namesakesBroader') {
        const auto = result[0]?.match === true;
        counts.autoBroader[0] += auto && result[0].id === name.uri ? 1 : 0;
        counts.autoBroader[1] += 1;
        if (auto) {
          counts.autoBroaderPrecision[0] += result[0].id === name.uri ? 1 : 0;
          counts.autoBroaderPrecision[1] += 1;
        }
      }
      if (name.kind.startsWith('namesakes')) return; // figures of their own, not among the names' others
      if (name.kind !== 'exact' && name.kind !== 'homonym') tally('messy');
      if (name.ties === 1 && name.kind !== 'exact') {
        const auto = result[0]?.match === true;
        const tallied = counts[`auto:${name.kind}`];
        tallied[0] += auto && result[0].id === name.uri ? 1 : 0;
        tallied[1] += 1;
        tallied[2] += auto ? 1 : 0;
        if (ONE_TYPO.includes(name.kind)) {
          counts.autoTypo[0] += auto && result[0].id === name.uri ? 1 : 0;
          counts.autoTypo[1] += 1;
          if (!auto && result[0]?.id === name.uri)
            failures.push(
              `autoTypo: "${name.q}" (${name.kind}) first but not matched: ${(result[0].features ?? [])
                .filter((f) => f.value !== false)
                .map((f) => `${f.id}=${f.value}`)
                .join(' ')}; second "${result[1]?.name ?? ''}" ${result[1]?.score ?? ''}`,
            );
        }
        if (auto && result[0].id !== name.uri)
          failures.unshift(
            `wrong auto-match: "${name.q}" (${name.kind}) matched ${result[0].id} "${result[0].name}", not ${name.uri}: ${(
              result[0].features ?? []
            )
              .filter((f) => f.value !== false)
              .map((f) => `${f.id}=${f.value}`)
              .join(' ')}`,
          );
      }
      if (!first && failures.length < 400)
        failures.push(
          `${name.kind}: ${name.uri} "${name.q}" at ${rank || 'none'}, first ${result[0]?.id ?? 'none'} "${result[0]?.name ?? ''}"`,
        );
      // OpenRefine's auto-match: the first candidate (by score), where it is a match; names of one concept only
      if (name.ties === 1 && (name.pref || name.kind !== 'exact')) {
        const messy = name.kind !== 'exact' && name.kind !== 'homonym';
        const auto = result[0]?.match === true;
        const right = auto && result[0].id === name.uri;
        counts[messy ? 'autoMessy' : 'autoExact'][0] += right ? 1 : 0;
        counts[messy ? 'autoMessy' : 'autoExact'][1] += 1;
        if (auto) {
          counts[messy ? 'autoMessyPrecision' : 'autoExactPrecision'][0] += right ? 1 : 0;
          counts[messy ? 'autoMessyPrecision' : 'autoExactPrecision'][1] += 1;
        }
        if (!auto && !messy && failures.length < 400)
          failures.push(
            `autoExact: ${name.uri} "${name.q}" not auto-matched: first ${result[0]?.id ?? 'none'} "${result[0]?.name ?? ''}" ${result[0]?.score ?? ''}, second ${result[1]?.id ?? 'none'} "${result[1]?.name ?? ''}" ${result[1]?.score ?? ''}`,
          );
      }
      for (const candidate of result.filter((c) => c.match === true)) {
        counts.matches[0] += candidate.id === name.uri ? 1 : 0;
        counts.matches[1] += 1;
        if (candidate.id !== name.uri)
          failures.unshift(`match: "${name.q}" (${name.kind}) matched ${candidate.id} "${candidate.name}", not ${name.uri}`);
      }
    });
  }
  durations.sort((a, b) => a - b);
  return { counts, batchMs: durations[Math.floor((durations.length - 1) / 2)], failures };
}

/**
 * The labelled names of a sample, each {q, uri, kind, ties, pref?, properties?}: exact labels,
 * namesakes (alone and with their broader concept), near-homonyms and the slips of
 * scripts/messyNames.mjs. `ties`: how many concepts carry the name's label.
 */
export function labelledNames(vocabulary, sample, { chooseLabel, normalized, inflected, usable, wordsOf, isOneTypo }) {
  const carriers = new Map(); // normalized label -> concepts with it as a pref or alt label
  for (const concept of vocabulary) {
    for (const key of new Set([...concept.pref, ...concept.alt].map((label) => normalized(label.value))))
      carriers.set(key, (carriers.get(key) ?? 0) + 1);
  }
  // every label's words in any order (hidden labels too), with the concepts that carry them: a
  // slip whose words are another concept's label ("Weft (Ground)" and "ground weft", a dropped
  // letter that is another concept's hiddenLabel) names that concept, not this one
  const wordSet = (text) => wordsOf(normalized(text)).sort().join(' ');
  const bySet = new Map();
  for (const concept of vocabulary)
    for (const label of [...concept.pref, ...concept.alt, ...(concept.hidden ?? [])]) {
      const key = wordSet(label.value);
      if (!bySet.has(key)) bySet.set(key, new Set());
      bySet.get(key).add(concept.uri);
    }
  const namesAnother = (q, uri) => [...(bySet.get(wordSet(q)) ?? [])].some((owner) => owner !== uri);
  const names = []; // {q, uri, kind, ties}
  // every label of the vocabulary, folded, with the concepts that carry it: a near-homonym of a
  // sampled label is another concept's label one edit from it
  const byLength = new Map();
  for (const key of carriers.keys()) {
    if (!byLength.has(key.length)) byLength.set(key.length, []);
    byLength.get(key.length).push(key);
  }
  const owners = new Map();
  for (const concept of vocabulary)
    for (const key of new Set([...concept.pref, ...concept.alt].map((label) => normalized(label.value)))) {
      if (!owners.has(key)) owners.set(key, new Set());
      owners.get(key).add(concept.uri);
    }
  const nearHomonym = (label, uri) => {
    const key = normalized(label);
    if (key.length < 5) return false;
    for (const length of [key.length - 1, key.length, key.length + 1])
      for (const other of byLength.get(length) ?? [])
        if (isOneTypo(key, other) && [...owners.get(other)].some((owner) => owner !== uri)) return true;
    return false;
  };
  for (const concept of sample) {
    const label = chooseLabel(concept.pref, 'en');
    if (!usable(label)) continue;
    const ties = carriers.get(normalized(label)) ?? 1;
    // a namesake: alone, then with its broader concept as evidence (by label; by IRI as a reconciled cell)
    const broader = concept.broader?.[0];
    if (ties > 1 && broader !== undefined) {
      names.push({ q: label, uri: concept.uri, kind: 'namesakes', ties: 1 });
      names.push({
        q: label,
        uri: concept.uri,
        kind: 'namesakesBroader',
        ties: 1,
        properties: [{ pid: 'broader', v: broader.label.value }],
      });
      names.push({
        q: label,
        uri: concept.uri,
        kind: 'namesakesBroader',
        ties: 1,
        properties: [{ pid: 'broader', v: { id: broader.uri, name: broader.label.value } }],
      });
    }
    names.push({ q: label, uri: concept.uri, kind: 'exact', ties, pref: true });
    // a label one edit from another concept's: the match must stay with its own concept
    if (ties === 1 && nearHomonym(label, concept.uri)) names.push({ q: label, uri: concept.uri, kind: 'homonym', ties });
    for (const alt of new Set(concept.alt.map((entry) => entry.value)))
      if (usable(alt)) names.push({ q: alt, uri: concept.uri, kind: 'exact', ties: carriers.get(normalized(alt)) ?? 1 });
    const language = concept.pref.find((entry) => entry.value === label)?.language ?? '';
    // a qualifier as catalogues write one: the broader concept's label ("Mercury (Planets)"),
    // else the first word of another sampled concept's label
    const broaderEn = concept.broader?.find((each) => each.label.language === 'en') ?? broader;
    const qualifier = broaderEn?.label.value ?? wordsOf(chooseLabel(sample[(sample.indexOf(concept) + 7) % sample.length].pref, 'en'))[0];
    const messy = slipsOf(label, language, { wordsOf, inflected, qualifier });
    for (const kind of SLIPS) {
      const q = messy[kind];
      // a slip that is itself a label of the vocabulary ("limit values" made singular is
      // another concept's "limit value") names that concept: no messy name of this one; the
      // forms equal to the label once folded are kept (they must match as the label does)
      if (
        q !== undefined &&
        usable(q) &&
        !(normalized(q) !== normalized(label) && carriers.has(normalized(q))) &&
        !namesAnother(q, concept.uri)
      )
        names.push({ q, uri: concept.uri, kind, ties });
    }
  }
  return names;
}
