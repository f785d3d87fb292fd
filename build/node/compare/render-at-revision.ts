import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CliError, EXIT } from '../../errors/exit.ts';
import { safeText } from '../../errors/safe-text.ts';
import { ownedPrefix, sweepOwned } from '../io/owned-temp.ts';

const run = promisify(execFile);

/** A revision's temporary worktree in the system's temp folder: `eye-rev-<pid>-…` (swept once its owner is gone). */
export const REV_WORKTREE_TEMP = /^eye-rev-(\d+)-/;

export interface RevisionRender {
  /** The commit, abbreviated, as git names it. */
  commit: string;
  /** The full hash (as the ledger records a run's revision). */
  revision: string;
  /** The scene's folder the revision's own `eye render` wrote (film.mp4, pixels.json, …). */
  sceneDir: string;
  /** The revision's render exited 1 (a film its own checks failed: kept as evidence, still shown). */
  failedChecks: boolean;
}

/**
 * Render `scene` as the code and scene files at `rev` render it: a temporary `git worktree` of that
 * commit (node_modules linked from this checkout, its page bundle built), its own `eye render` into
 * `outDir`, sharing this checkout's cache (its key holds the code, so an unchanged revision is
 * restored, not rendered). The worktree is removed after, also when the render fails.
 */
export async function renderAtRevision(root: string, rev: string, scene: string, renderArgs: readonly string[], outDir: string): Promise<RevisionRender> {
  // Worktrees left by a killed compare: their folders go, then git forgets them.
  if (sweepOwned(tmpdir(), REV_WORKTREE_TEMP).length > 0) await git(root, ['worktree', 'prune']);
  let commit: string;
  try {
    commit = (await git(root, ['rev-parse', '--verify', '--quiet', `${rev}^{commit}`])).trim();
  } catch {
    throw new CliError(EXIT.badInput, `--rev: expected a commit of this repository (a hash, a branch, HEAD~1), got "${safeText(rev)}"`);
  }
  const short = (await git(root, ['rev-parse', '--short', commit])).trim();
  const tree = mkdtempSync(join(tmpdir(), ownedPrefix('eye-rev-')));
  try {
    await git(root, ['worktree', 'add', '--detach', '--force', tree, commit]);
    if (!existsSync(join(tree, 'scenes', `${scene}.json`))) {
      throw new CliError(EXIT.badInput, `--rev ${safeText(rev)}: ${short} has no scenes/${safeText(scene)}.json`);
    }
    // (A repository that tracks a node_modules link brings its own.)
    if (!existsSync(join(tree, 'node_modules'))) symlinkSync(realpathSync(join(root, 'node_modules')), join(tree, 'node_modules'));
    await step(tree, ['build/tools/bundle.mjs'], `building the page at ${short}`);
    let failedChecks = false;
    try {
      await step(tree, ['bin/eye.js', 'render', scene, '--out', outDir, '--no-ledger', ...renderArgs], `eye render ${scene} at ${short}`);
    } catch (err) {
      // Exit 1 is a film that failed its own checks: its folder is kept and still shown, labelled.
      if (!(err instanceof StepError && err.code === EXIT.assertionFailed && existsSync(join(outDir, scene, 'pixels.json')))) throw err;
      failedChecks = true;
    }
    return { commit: short, revision: commit, sceneDir: join(outDir, scene), failedChecks };
  } finally {
    await git(root, ['worktree', 'remove', '--force', tree]).catch(() => undefined);
    rmSync(tree, { recursive: true, force: true });
    await git(root, ['worktree', 'prune']).catch(() => undefined);
  }
}

class StepError extends CliError {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(code === EXIT.assertionFailed || code === EXIT.badInput || code === EXIT.environment ? code : EXIT.internal, message);
  }
}

async function git(cwd: string, args: string[]): Promise<string> {
  const { stdout } = await run('git', ['-C', cwd, ...args], { maxBuffer: 1 << 24 });
  return stdout;
}

/** Run a node script in the worktree; its stderr passes through (the render's progress lines). */
async function step(cwd: string, args: string[], what: string): Promise<void> {
  try {
    const { stderr } = await run(process.execPath, args, { cwd, maxBuffer: 1 << 26 });
    if (stderr) process.stderr.write(stderr);
  } catch (err) {
    const e = err as { code?: number; stderr?: string };
    const last = (e.stderr ?? '').trim().split('\n').slice(-3).join(' | ');
    throw new StepError(typeof e.code === 'number' ? e.code : EXIT.internal, `${what} failed (exit ${e.code}): ${last}`);
  }
}
