import { startService, type RunningService } from './service.js';

/** Where the real vocabularies are: ../shared beside the project (the suites that read them are not in `npm test`). */
export const VOCABULARIES = '../shared/vocabularies';

/** Every vocabulary of ../shared, by name and file. */
export const SHARED_VOCABULARIES: ReadonlyArray<readonly [string, string]> = [
  ['UNESCO Thesaurus', 'unesco-thesaurus.ttl'],
  ['STW Thesaurus for Economics', 'stw-9.06.ttl'],
  ['Unified Astronomy Thesaurus', 'uat.rdf'],
  ['SILKNOW Thesaurus', 'silknow-thesaurus.ttl'],
  ['YSO (Skosmos test data)', 'yso-skosmos-testdata.ttl'],
  ['YSO 2019.3 (prefLabels, derived)', 'yso-2019.3-cicero-preflabels-derived.nt.gz'],
];

/**
 * A `describe` for each vocabulary of ../shared (`title` with `%s` for its name), each loaded
 * alone on the embedded store; `body` gets the service (once started) and the file. Skipped
 * where SPARQL_ENDPOINT names another store: that store holds what its suite loaded.
 */
export function describeEachSharedVocabulary(title: string, body: (service: () => RunningService, file: string) => void): void {
  const each = process.env.SPARQL_ENDPOINT === undefined ? describe.each : describe.skip.each;
  each(SHARED_VOCABULARIES.map(([name, file]) => [name, file]))(title, (_name, file) => {
    let service: RunningService;
    beforeAll(async () => {
      service = await startService({ DATA_FILES: `${VOCABULARIES}/${file}` });
    }, 180_000);
    afterAll(() => service?.close());
    body(() => service, file);
  });
}
