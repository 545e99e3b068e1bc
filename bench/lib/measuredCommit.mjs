// The commit a benchmark measures, as its tables name it.
import { execFileSync } from 'node:child_process';

/** The short commit, in backquotes, with a mark where the work tree differs from it; take it before the run writes anything. */
export function measuredCommit() {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const changed = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim() !== '';
    return `\`${head}\`${changed ? ' with changes' : ''}`;
  } catch {
    return 'unknown';
  }
}
