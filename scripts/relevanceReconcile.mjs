// The reconciliation rows of npm run test:relevance (scripts/relevance.mjs): for each sampled
// concept, names sent to /reconcile in batches of 50 (a form POST, as OpenRefine sends them):
//   exact     its prefLabel (the one shown for en, the default) and each altLabel
//   reversed  the prefLabel in lower case with its words reversed around a comma
//             ("Public libraries" -> "libraries, public"; "Libraries, Public" -> "public libraries")
//   typo      the prefLabel with one letter changed in its longest word (words of 5 letters or more)
//   plural    the prefLabel with its longest word's number changed (relevance.mjs's `inflected`:
//             kept only where the language's stemmer gives both forms one stem)
//   spaced    the prefLabel with stray spaces and its case changed ("  public  LIBRARIES ")
//   qualified the prefLabel with a qualifier in brackets after it ("Public libraries (Buildings)",
//             the first word of another sampled concept's label)
// A messy form equal to the label once folded is left out, but for `spaced`, and so is one equal
// to any label of the vocabulary (it names that concept, not this one). Figures: the share
// of names whose first candidate is the concept (or one of the k concepts whose labels are that
// label, up to case and diacritics, for a label k concepts carry), for exact names and for
// messy ones; the precision of `match: true` (a candidate so marked that is not the concept
// counts against it); and OpenRefine's auto-match ("match each cell to its best candidate":
// the first candidate, where it is a match) on names of one concept only (no other concept
// carries the label): its recall (the concept auto-matched) and precision (auto-matches that
// are the concept), for the exact prefLabels and for the messy forms.

export const RECONCILE_FLOORS = { exact: 95, messy: 80, matchPrecision: 99.5, autoExact: 90, autoExactPrecision: 99.5 };
const BATCH = 50;

/**
 * @param service {url}
 * @param vocabulary [{uri, pref: [{value, language}], alt: [...]}]
 * @param sample the concepts to check
 * @param tools {chooseLabel, normalized, inflected, usable, wordsOf}
 */
export async function measureReconciliation(service, vocabulary, sample, { chooseLabel, normalized, inflected, usable, wordsOf }) {
  const carriers = new Map(); // normalized label -> concepts with it as a pref or alt label
  for (const concept of vocabulary) {
    for (const key of new Set([...concept.pref, ...concept.alt].map((label) => normalized(label.value))))
      carriers.set(key, (carriers.get(key) ?? 0) + 1);
  }
  const names = []; // {q, uri, kind, ties}
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
    for (const alt of new Set(concept.alt.map((entry) => entry.value)))
      if (usable(alt)) names.push({ q: alt, uri: concept.uri, kind: 'exact', ties: carriers.get(normalized(alt)) ?? 1 });
    const language = concept.pref.find((entry) => entry.value === label)?.language ?? '';
    const qualifier = wordsOf(chooseLabel(sample[(sample.indexOf(concept) + 7) % sample.length].pref, 'en'))[0];
    const messy = {
      reversed: reversed(label, wordsOf),
      typo: typo(label, wordsOf),
      plural: inflected(label, language),
      spaced: spaced(label, wordsOf),
      qualified: qualifier === undefined ? undefined : `${label} (${qualifier})`,
    };
    for (const [kind, q] of Object.entries(messy)) {
      // a variant that is itself a label of the vocabulary ("limit values" made singular is
      // another concept's "limit value") names that concept: no messy name of this one
      const spelled = kind === 'spaced' || normalized(q ?? '') !== normalized(label);
      if (q !== undefined && usable(q) && spelled && (kind === 'spaced' || !carriers.has(normalized(q))))
        names.push({ q, uri: concept.uri, kind, ties });
    }
  }
  const counts = {
    exact: [0, 0],
    messy: [0, 0],
    reversed: [0, 0],
    typo: [0, 0],
    plural: [0, 0],
    spaced: [0, 0],
    qualified: [0, 0],
    matches: [0, 0],
    autoExact: [0, 0],
    autoExactPrecision: [0, 0],
    autoMessy: [0, 0],
    autoMessyPrecision: [0, 0],
    namesakes: [0, 0],
    namesakesBroader: [0, 0],
    autoBroader: [0, 0],
    autoBroaderPrecision: [0, 0],
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
      if (name.kind !== 'exact') tally('messy');
      if (!first && failures.length < 400)
        failures.push(
          `${name.kind}: ${name.uri} "${name.q}" at ${rank || 'none'}, first ${result[0]?.id ?? 'none'} "${result[0]?.name ?? ''}"`,
        );
      // OpenRefine's auto-match: the first candidate (by score), where it is a match; names of one concept only
      if (name.ties === 1 && (name.pref || name.kind !== 'exact')) {
        const messy = name.kind !== 'exact';
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

/** Lower case, the words reversed around a comma: "A b, C" -> "c a b"; without a comma, the last word first: "a b c" -> "c, a b". */
function reversed(label, wordsOf) {
  const lower = label.toLowerCase();
  const comma = lower.indexOf(',');
  if (comma >= 0) return `${lower.slice(comma + 1).trim()} ${lower.slice(0, comma).trim()}`.trim();
  const words = wordsOf(lower);
  return words.length < 2 ? undefined : `${words.at(-1)}, ${words.slice(0, -1).join(' ')}`;
}

/** Stray spaces (before, after, doubled between words) and the case of every other word changed. */
function spaced(label, wordsOf) {
  const words = label.split(/\s+/);
  if (wordsOf(label).length === 0) return undefined;
  return `  ${words.map((word, i) => (i % 2 === 0 ? word.toUpperCase() : word.toLowerCase())).join('  ')} `;
}

/** One letter changed in the longest word (of 5 letters or more): its middle letter, to another. */
function typo(label, wordsOf) {
  const word = wordsOf(label)
    .filter((w) => /^\p{L}+$/u.test(w) && [...w].length >= 5)
    .sort((a, b) => [...b].length - [...a].length)[0];
  if (word === undefined) return undefined;
  const letters = [...word];
  const middle = Math.floor(letters.length / 2);
  letters[middle] = letters[middle].toLowerCase() === 'x' ? 'q' : 'x';
  return label.replace(word, letters.join(''));
}
