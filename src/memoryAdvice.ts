/**
 * The value that `npm start` and the container give MALLOC_MMAP_THRESHOLD_: glibc then
 * serves every allocation of 128 KiB or more with a mapping of its own, and returns it to
 * the system when it is freed.
 */
export const MMAP_THRESHOLD = 131_072;

/**
 * Why MALLOC_MMAP_THRESHOLD_ matters, when the process runs on glibc without it: glibc's
 * malloc raises its threshold for mappings as large blocks are freed, and from then on
 * serves them from heaps it seldom returns. A label index build frees hundreds of MB of
 * such blocks; measured at 2 million concepts, without the variable the process peaked at
 * 1,208 MB and kept 1,090 MB once ready, with it 936 MB and 738 MB. glibc reads the variable
 * when the process starts, so the service can only say so; musl and other platforms do not
 * need it.
 */
export function memoryReturnWarning(env: NodeJS.ProcessEnv, glibc: boolean, labelIndex: boolean): string | undefined {
  if (!glibc || !labelIndex || (env.MALLOC_MMAP_THRESHOLD_ ?? '') !== '') return undefined;
  return (
    `MALLOC_MMAP_THRESHOLD_ is not set: glibc may keep hundreds of MB that the label index build lets go ` +
    `(a third more at rest at 2 million concepts); start with MALLOC_MMAP_THRESHOLD_=${MMAP_THRESHOLD}, ` +
    `as npm start and the container do (docs/large-vocabularies.md)`
  );
}

/** Whether this process runs on glibc (whose malloc reads MALLOC_MMAP_THRESHOLD_). */
export function runsOnGlibc(): boolean {
  const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header;
  return typeof header?.glibcVersionRuntime === 'string';
}
