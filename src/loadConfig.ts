import { ConfigError, type Config } from './Config.js';
import { SETTING_READERS } from './settingReaders.js';
import { SETTINGS, SETTING_NAMES, wrapped, type Setting } from './settings.js';

export { PROJECT_ROOT, QUERIES_DIR, SAMPLE_DATA_FILE, availableDialects, defaultIndexWorkers } from './settingReaders.js';

/**
 * What is wrong with the names of the settings given: a variable of `env` that is no setting
 * but a few letters off one (`DATA_FILE`, `LOG_LEVL`, `SPARQL_ENDPIONT`), named with the
 * setting meant; and every key of `.env` (`dotenv`) that is no setting.
 *
 * A look-alike of a setting that is not set itself stops the start (`refuse`), and one in
 * `.env` whether the setting is set or not (a typo there is nothing else's): the service
 * would otherwise run on the default the operator meant to change, the sample vocabulary
 * instead of theirs, with no word. The rest are warnings: the environment holds other
 * programs' variables too, and `.env` may hold docker compose's (`VOCABULARY`).
 */
export function settingMistakes(
  env: NodeJS.ProcessEnv,
  dotenv: readonly string[] = [],
  /** The line of `.env` each of its keys is on. */
  lines: ReadonlyMap<string, number> = new Map(),
): { refuse: string[]; warn: string[] } {
  const refuse: string[] = [];
  const warn: string[] = [];
  const given = (name: string): boolean => (env[name]?.trim() ?? '') !== '';
  const fromDotenv = new Set(dotenv);
  for (const name of new Set([...Object.keys(env), ...dotenv])) {
    if (SETTING_NAMES.includes(name) || (!fromDotenv.has(name) && !given(name))) continue;
    const meant = lookAlike(name);
    const line = lines.get(name);
    const where = fromDotenv.has(name) ? (line === undefined ? ' (in .env)' : ` (line ${line} of .env)`) : '';
    // in .env a look-alike is a typo, whatever else is set: a copy of .env.example may set the setting meant
    if (meant !== undefined && (!given(meant) || fromDotenv.has(name)))
      refuse.push(`${name}${where} is not a setting; did you mean ${meant}?`);
    else if (meant !== undefined) warn.push(`${name}${where} is not a setting (${meant} is, and is set); it is ignored`);
    else if (fromDotenv.has(name)) warn.push(`${name}${where} is not a setting of this service; it is ignored`);
  }
  return { refuse, warn };
}

/** The setting a name is a few letters off: one for names up to 6 letters, two up to 11, three beyond (`CACHE_MAX_ENTRY`). */
function lookAlike(name: string): string | undefined {
  const upper = name.toUpperCase();
  let best: { name: string; distance: number } | undefined;
  for (const setting of SETTING_NAMES) {
    const allowed = setting.length <= 6 ? 1 : setting.length <= 11 ? 2 : 3;
    const distance = editDistance(upper, setting);
    if (distance <= allowed && (best === undefined || distance < best.distance)) best = { name: setting, distance };
  }
  return best?.name;
}

/**
 * Settings given that have no effect in the mode the others choose, each with why: the start
 * warns of them rather than run as if they were heeded.
 */
export function ignoredSettings(env: NodeJS.ProcessEnv): string[] {
  const given = (name: string): boolean => (env[name]?.trim() ?? '') !== '';
  /** Why a setting that applies to `mode` has no effect here; undefined where it has. */
  const unheeded: Readonly<Record<NonNullable<Setting['appliesTo']>, string | undefined>> = {
    files: given('SPARQL_ENDPOINT')
      ? "SPARQL_ENDPOINT is set, so the vocabulary is the store's, not read from files; unset one of them"
      : undefined,
    store: given('SPARQL_ENDPOINT')
      ? undefined
      : 'SPARQL_ENDPOINT is not set, so the vocabulary is read from DATA_FILES into the embedded store',
    index: env.LABEL_INDEX?.trim() === 'off' ? 'LABEL_INDEX=off, so no label index is built' : undefined,
  };
  return SETTINGS.flatMap(({ name, appliesTo }) => {
    const why = appliesTo === undefined ? undefined : unheeded[appliesTo];
    return why !== undefined && given(name) ? [`${name} is ignored: ${why}`] : [];
  });
}

/** Damerau-Levenshtein distance (optimal string alignment): an insertion, deletion, change or swap of neighbours is 1. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      row[j] = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j] as number, ((rows[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/** The settings as `--help` lists them: each name with its default, its range and what it does (SETTING_GROUPS). */
export function settingsHelp(): string {
  let said = '';
  return SETTINGS.flatMap(({ name, fallback, range, about }) => {
    const facts = [
      fallback === '' ? '' : `default ${fallback}`,
      range === undefined ? '' : `${range[0].toLocaleString('en')} to ${range[1].toLocaleString('en')}`,
    ].filter(Boolean);
    const lines = [
      `  ${name}${facts.length === 0 ? '' : ` (${facts.join('; ')})`}`,
      ...wrapped(about === '' ? `(as ${said})` : about, 86, '      '),
    ];
    if (about !== '') said = name;
    return lines;
  }).join('\n');
}

/**
 * The settings given that differ from their declared defaults, as `NAME=value` (the
 * password only as set): what the start's log line says was changed.
 */
export function settingsGiven(env: NodeJS.ProcessEnv): string[] {
  return SETTINGS.flatMap(({ name, fallback }) => {
    const value = env[name]?.trim();
    if (value === undefined || value === '' || value === fallback) return [];
    return [name === 'SPARQL_PASSWORD' ? 'SPARQL_PASSWORD (set)' : `${name}=${value}`];
  });
}

/**
 * Reads the configuration from `env`: each setting of the table by its reader
 * (settingReaders.ts), into its field. An empty value counts as unset, so that a `.env` copied
 * from `.env.example` with blanks gives the defaults.
 * @throws ConfigError naming the first malformed variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const read = (setting: Setting): unknown => {
    const value = env[setting.name]?.trim() || setting.fallback;
    const reader = SETTING_READERS[setting.name as keyof typeof SETTING_READERS] as (
      value: string | undefined,
      setting: Setting,
    ) => unknown;
    return reader(value === '' ? undefined : value, setting);
  };
  const config = Object.freeze(Object.fromEntries(SETTINGS.map((setting) => [setting.field, read(setting)]))) as Config;
  if ((config.sparqlUser === undefined) !== (config.sparqlPassword === undefined))
    throw new ConfigError(
      `${config.sparqlUser === undefined ? 'SPARQL_USER' : 'SPARQL_PASSWORD'}: must be set together with the other of SPARQL_USER and SPARQL_PASSWORD`,
    );
  return config;
}

/** What must never appear in logs, errors or metrics: the store password, and the Basic token made from it. */
export function secretsOf(config: Config): string[] {
  if (config.sparqlPassword === undefined) return [];
  return [config.sparqlPassword, Buffer.from(`${config.sparqlUser ?? ''}:${config.sparqlPassword}`).toString('base64')];
}
