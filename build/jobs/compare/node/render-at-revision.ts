import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CliError, EXIT } from '../../../errors/exit.ts';
import { safeText } from '../../../errors/safe-text.ts';
import { onInterrupt } from '../../../node/io/interrupt.ts';
import { ownedPrefix, sweepOwned } from '../../../node/io/owned-temp.ts';
import { stopGroup } from '../../../node/io/stop-group.ts';

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

/** A revision, resolved: the full hash and git's abbreviation. */
export interface Revision {
  revision: string;
  commit: string;
}

/**
 * `rev` as a commit of this repository that has `scenes/<scene>.json`; exit 2 otherwise. Asked before
 * anything is rendered, so a typo costs no render (it was found only after the working tree's panel).
 */
export async function resolveRevision(root: string, rev: string, scene: string): Promise<Revision> {
  let revision: string;
  try {
    revision = (await git(root, ['rev-parse', '--verify', '--quiet', `${rev}^{commit}`])).trim();
  } catch {
    throw new CliError(EXIT.badInput, `--rev: expected a commit of this repository (a hash, a branch, HEAD~1), got "${safeText(rev)}"`);
  }
  const commit = (await git(root, ['rev-parse', '--short', revision])).trim();
  try {
    await git(root, ['cat-file', '-e', `${revision}:scenes/${scene}.json`]);
  } catch {
    throw new CliError(EXIT.badInput, `--rev ${safeText(rev)}: ${commit} has no scenes/${safeText(scene)}.json`);
  }
  return { revision, commit };
}

/**
 * Render `scene` as the code and scene files at `rev` render it: a temporary `git worktree` of that
 * commit (node_modules linked from this checkout, its page bundle built), its own `eye render` into
 * `outDir`, sharing this checkout's cache (its key holds the code, so an unchanged revision is
 * restored, not rendered). The worktree is removed after, also when the render fails, and on Ctrl-C or
 * SIGTERM, when the child's whole process group is stopped first (it must not run on to its end and
 * write the cache after its parent has gone).
 */
export async function renderAtRevision(root: string, rev: Revision, scene: string, renderArgs: readonly string[], outDir: string): Promise<RevisionRender> {
  // Worktrees left by a killed compare: their folders go, then git forgets them.
  if (sweepOwned(tmpdir(), REV_WORKTREE_TEMP).length > 0) await git(root, ['worktree', 'prune']);
  const { revision: commit, commit: short } = rev;
  const tree = mkdtempSync(join(tmpdir(), ownedPrefix('eye-rev-')));
  const forget = onInterrupt(() => {
    rmSync(tree, { recursive: true, force: true });
    execFileSync('git', ['-C', root, 'worktree', 'prune'], { stdio: 'ignore' });
  });
  try {
    await git(root, ['worktree', 'add', '--detach', '--force', tree, commit]);
    if (!existsSync(join(tree, 'scenes', `${scene}.json`))) {
      throw new CliError(EXIT.badInput, `--rev ${short}: ${short} has no scenes/${safeText(scene)}.json`);
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
    forget();
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

/**
 * Run a node script in the worktree in a process group of its own, so an interrupt stops it and all it
 * started (stopGroup), not only this process; its stderr passes through after (the render's progress lines).
 */
function step(cwd: string, args: string[], what: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, { cwd, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    const forget = onInterrupt(() => stopGroup(child.pid));
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => {
      stderr = (stderr + d).slice(-(1 << 20)); // the end is what says why it failed
    });
    child.on('error', (err) => {
      forget();
      fail(new StepError(EXIT.internal, `${what} failed: ${err.message}`));
    });
    child.on('close', (code, signal) => {
      forget();
      if (code === 0) {
        if (stderr) process.stderr.write(stderr);
        done();
        return;
      }
      // Its own error line when it printed one (an older eye prints its help after it), else its last lines.
      const lines = stderr.trim().split('\n');
      const said = lines.filter((l) => /^(eye|error): /.test(l)).pop();
      const last = safeText(said ?? lines.slice(-3).join(' | '));
      fail(new StepError(code ?? EXIT.internal, `${what} failed (${signal ? `killed by ${signal}` : `exit ${code}`}): ${last}`));
    });
  });
}
