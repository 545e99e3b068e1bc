import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT, settingsHelp } from './loadConfig.js';

/** What the command line asks for. */
export type Command =
  | { kind: 'serve' }
  | { kind: 'check' }
  | { kind: 'snapshot'; file: string }
  | { kind: 'calibrate'; file: string }
  | { kind: 'answered'; status: number };

const USAGE = `skos-lookup: a read-only HTTP JSON service that looks up the concepts of a SKOS vocabulary.

Usage:
  skos-lookup [serve]          listen on HOST:PORT and serve the vocabulary (npm start runs this)
  skos-lookup check            load or reach the vocabulary and build the label index as the
                               service would, print what /ready would say, and exit: 0 when it
                               would be ready, 1 when not or when the label index cannot be
                               built, 2 when a setting or file is wrong
  skos-lookup snapshot FILE    build the label index from the store and write it to FILE, for
                               the INDEX_SNAPSHOT of replicas (docs/production.md), then exit
  skos-lookup calibrate FILE   reconcile the names of a CSV file (columns name and iri: the concept
                               a cataloguer chose; optionally type, broader, scheme, notation,
                               lang) as OpenRefine would, and print each match rule's recall,
                               precision and wrong matches (docs/openrefine.md), then exit
  skos-lookup --help | --version

Settings, as environment variables or in a .env file (an empty value counts as unset):
`;

/**
 * Reads the command line (Node's own `util.parseArgs`): `--help` and `--version` are answered
 * here, on stdout, without reading the settings; a mistake gets the usage on stderr and
 * status 2.
 */
export function readCommandLine(args: readonly string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: { help: { type: 'boolean', short: 'h' }, version: { type: 'boolean', short: 'v' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    return usage(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.version === true) {
    const { version } = JSON.parse(readFileSync(`${PROJECT_ROOT}package.json`, 'utf8')) as { version: string };
    process.stdout.write(`${version}\n`);
    return { kind: 'answered', status: 0 };
  }
  if (values.help === true) {
    process.stdout.write(`${USAGE}${settingsHelp()}\n`);
    return { kind: 'answered', status: 0 };
  }
  const [command = 'serve', ...rest] = positionals;
  if ((command === 'serve' || command === 'check') && rest.length === 0) return { kind: command };
  if (command === 'snapshot' && rest.length === 1) return { kind: 'snapshot', file: rest[0] as string };
  if (command === 'snapshot') return usage('snapshot takes one argument: the file to write');
  if (command === 'calibrate' && rest.length === 1) return { kind: 'calibrate', file: rest[0] as string };
  if (command === 'calibrate') return usage('calibrate takes one argument: the CSV file of names and the concepts chosen for them');
  return usage(`unknown command ${JSON.stringify([command, ...rest].join(' '))}`);
}

/** A mistake: what is wrong and the commands, in a few lines (every setting is `--help`'s). */
function usage(problem: string): Command {
  process.stderr.write(`skos-lookup: ${problem}\n\n${USAGE}\nEvery setting, with its default: skos-lookup --help\n`);
  return { kind: 'answered', status: 2 };
}
