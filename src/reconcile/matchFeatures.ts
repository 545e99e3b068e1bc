import type { MatchedLabel } from '../domain/matchedLabel.js';
import { speaks } from '../domain/speaks.js';
import type { ReconcileResult } from './Reconciler.js';

/**
 * A candidate's matching features (the reconciliation API's `features`, 0.2 and 1.0): why it
 * was proposed and what its score and `match` rest on. Declared once here: the candidates'
 * features, the preview card's reasons in words (and `calibrate`'s), and the
 * features' own page (`/reconcile/features`, the 1.0 manifest's featureView) are made from
 * this table. `{pid}` stands for a property given with the query.
 */
export const MATCH_FEATURES = [
  { id: 'name', name: 'Name score (0 to 100)', about: "The best score of the candidate's labels against the name (docs/openrefine.md)." },
  {
    id: 'label_pref',
    name: 'Matched its prefLabel',
    about: 'The label the name matched is a prefLabel (false: an altLabel, rdfs:label or hiddenLabel).',
  },
  {
    id: 'label_language',
    name: "Matched a label in the query's language",
    about: "That label speaks the query's language (`lang`, else the service's default language) or has none.",
  },
  { id: 'how_exact', name: 'The label is the name as written', about: 'Character for character, spaces at either end aside.' },
  { id: 'how_folded', name: 'The label is the name folded', about: 'Equal once case, accents, punctuation and spacing are set aside.' },
  {
    id: 'how_article',
    name: 'The label is the name less an article',
    about: "Equal less a leading article of the label's language, on either side (The Sun, Sun).",
  },
  { id: 'how_inverted', name: 'The name is the label inverted', about: 'An inverted heading: Libraries, Public for Public libraries.' },
  { id: 'how_order', name: 'The same words in another order', about: 'Every word equal, in another order.' },
  {
    id: 'how_spelling',
    name: 'The same words in another spelling',
    about: 'Every word equal in order, some in another spelling (oe for ö).',
  },
  {
    id: 'how_number',
    name: 'Every word paired, some in another number',
    about: "Every word of each paired with one of the other's, some in another number (plural, singular: Library, Libraries).",
  },
  {
    id: 'how_stem',
    name: 'Every word paired, some only by a shared stem',
    about:
      "Every word of each paired with one of the other's, some only by a stem a derivation shares (Education, Educational): never a match but under the names rule's own evidence.",
  },
  {
    id: 'how_typo',
    name: 'Every word paired, some a typo apart',
    about: 'Every word paired, some one typo apart (a letter added, left out, changed, or two swapped; words of 5 letters or more).',
  },
  {
    id: 'how_partial',
    name: 'Some words unpaired',
    about: 'Words of the name or of the label paired with none of the other (a qualifier, a missing word).',
  },
  { id: 'typos', name: 'Words a typo apart', about: 'How many paired words are one typo apart (left out where none is).' },
  {
    id: 'stems',
    name: 'Words in another number',
    about: 'How many paired words are one word in two numbers (plural, singular; left out where none is).',
  },
  {
    id: 'derived',
    name: 'Words paired by a derivation',
    about: 'How many paired words share only a stem, as a derivation does (left out where none does).',
  },
  {
    id: 'unpaired_words',
    name: 'Words left unpaired',
    about: 'Words of the name and of the label paired with none of the other (left out where none is).',
  },
  {
    id: 'lead',
    name: 'Lead over the best other candidate',
    about: "Its score less the best other candidate's, in score points (negative: behind).",
  },
  { id: 'identifier', name: 'Found by its identifier', about: "The query is the concept's IRI, its notation or its IRI's last segment." },
  {
    id: 'property:{pid}',
    name: 'Agrees with {pid}',
    about: 'The candidate agrees with the property given (any of its values, or as its quantifier says).',
  },
] as const;

type FeatureId = (typeof MATCH_FEATURES)[number]['id'];

/** A feature of a candidate, as 0.2 writes it (1.0 adds its name: `namedFeature`). */
export interface Feature {
  id: string;
  value: boolean | number;
}

/** The features by id, looked up for every candidate. */
const DECLARED = new Map<string, { name: string }>(MATCH_FEATURES.map((each) => [each.id, each]));

/** A feature as 0.2 writes it (1.0 adds its name: `namedFeature`). */
function feature(id: FeatureId, value: boolean | number, pid?: string): Feature {
  return { id: pid === undefined ? id : id.replace('{pid}', pid), value };
}

/** The 1.0 draft's form of a feature: with its name. */
export function namedFeature({ id, value }: Feature): Feature & { name: string } {
  const property = id.startsWith('property:') ? id.slice('property:'.length) : undefined;
  const declared = DECLARED.get(property === undefined ? id : 'property:{pid}') as { name: string };
  return { id, name: property === undefined ? declared.name : declared.name.replace('{pid}', property), value };
}

/** A candidate's features, for a query in `lang` (the display language) with the properties `pids`. */
export function featuresOf(
  { nameScore, agreements, matched, identifier, lead }: ReconcileResult,
  pids: readonly string[],
  lang: string,
): Feature[] {
  return [
    ...(nameScore === undefined ? [] : [feature('name', nameScore)]),
    ...(matched === undefined ? [] : labelFeatures(matched, lang)),
    ...(identifier ? [feature('identifier', true)] : []),
    feature('lead', lead),
    ...agreements.map((agrees, i) => feature('property:{pid}', agrees, pids[i] as string)),
  ];
}

function labelFeatures(matched: MatchedLabel, lang: string): Feature[] {
  return [
    feature('label_pref', matched.kind === 'prefLabel'),
    feature('label_language', matched.language === '' || speaks(lang, matched.language)),
    ...(matched.how === 'none' ? [] : [feature(`how_${matched.how}`, true)]),
    // the counts where they are not 0 (a column of 10,000 names carries 100,000 candidates)
    ...(matched.typos === 0 ? [] : [feature('typos', matched.typos)]),
    ...(matched.stems === 0 ? [] : [feature('stems', matched.stems)]),
    ...(matched.derived === 0 ? [] : [feature('derived', matched.derived)]),
    ...(matched.unpaired === 0 ? [] : [feature('unpaired_words', matched.unpaired)]),
  ];
}

/** The features in words, for the preview card and `calibrate`: `altLabel "Love apple" (en): one typo apart; leads by 12.5`. */
export function reasonsOf({ matched, identifier, lead, agreements }: ReconcileResult, pids: readonly string[]): string {
  const parts: string[] = [];
  if (identifier) parts.push('found by its identifier');
  if (matched !== undefined) {
    const how = DECLARED.get(`how_${matched.how}`)?.name.toLowerCase() ?? 'no word paired';
    parts.push(`${matched.kind} "${matched.label}"${matched.language === '' ? '' : ` (${matched.language})`}: ${how}`);
  }
  parts.push(lead > 0 ? `leads the next by ${lead}` : lead === 0 ? 'ties with another' : `${-lead} behind the first`);
  agreements.forEach((agrees, i) => parts.push(`${agrees ? 'agrees' : 'disagrees'} with ${pids[i]}`));
  return parts.join('; ');
}
