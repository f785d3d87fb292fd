import { chmodSync, existsSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { assertReplaceableFolder } from './contain.ts';

/**
 * Move a finished staging directory into place as `target`, replacing what was there. Both live in
 * the same parent, so each step is a rename: a reader sees the old whole scene or the new whole
 * scene, never a mix (a scene's files belong to one render).
 */
export function publishDir(stage: string, target: string): void {
  // Never rename a parent: the target must be a plain child of the staging folder's own parent.
  const name = basename(target);
  if (name === '' || name === '.' || name === '..' || resolve(dirname(target)) !== resolve(dirname(stage))) {
    throw new Error(`publishDir: ${target} is not a folder beside ${stage}`);
  }
  // A symlink or a device where the folder goes is not ours to replace (renamed away, then deleted).
  assertReplaceableFolder(target);
  // A staging folder from mkdtemp is 0700 (private while it is made); published, it is an ordinary folder (0777 less the umask, as mkdir makes one).
  chmodSync(stage, 0o777 & ~process.umask());
  const old = join(dirname(target), `.${basename(target)}.old-${process.pid}`);
  const hadOld = existsSync(target);
  if (hadOld) renameSync(target, old);
  try {
    renameSync(stage, target);
  } catch (err) {
    if (hadOld) renameSync(old, target);
    throw err;
  }
  if (hadOld) rmSync(old, { recursive: true, force: true });
}
