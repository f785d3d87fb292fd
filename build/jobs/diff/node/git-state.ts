import { execFileSync } from 'node:child_process';
import { isAbsolute, relative, resolve } from 'node:path';

function git(root: string, args: string[]): string | null {
  try {
    return execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/**
 * The commit the tree is at, and whether its tracked files differ from it (the ledger and the baseline
 * folder aside: approving changes the one, every run the other, neither the films). A dirty tree's
 * commit does not render its films, so the baseline says so and `eye diff` never renders it for them.
 */
export function treeCommit(root: string, baselineDir: string): { commit: string | null; dirty: boolean } {
  const commit = git(root, ['rev-parse', 'HEAD']);
  if (!commit || !/^[0-9a-f]{40}$/.test(commit)) return { commit: null, dirty: true };
  // A baseline folder outside the checkout is no pathspec of it (git would refuse the whole status).
  const rel = relative(root, resolve(baselineDir));
  const inside = rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  const status = git(root, ['status', '--porcelain', '--untracked-files=no', '--', '.', ':!ledger.jsonl', ...(inside ? [`:!${rel}`] : [])]);
  return { commit, dirty: status === null || status !== '' };
}
