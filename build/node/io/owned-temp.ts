import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** Is a process alive (EPERM: it exists but is someone else's)? */
export function pidAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A temporary name that says who owns it: `<prefix><pid>-` (mkdtemp adds the rest). A run killed with
 * -9 cannot clean up after itself; the next run sees the pid is gone and removes what it left.
 */
export function ownedPrefix(prefix: string): string {
  return `${prefix}${process.pid}-`;
}

/**
 * Remove the entries of `dir` that `pattern` marks as owned temporaries (its first group is the owner's
 * pid) whose owner is gone: staging folders of killed renders, browser profiles of killed browsers.
 * Returns the names removed. A missing `dir` has nothing to sweep.
 */
export function sweepOwned(dir: string, pattern: RegExp): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const m = pattern.exec(name);
    if (!m || pidAlive(Number(m[1]))) continue;
    rmSync(join(dir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** A scene's staging, restore and replaced folders under --out (render-scene, the cache, publishDir). */
export const OUT_TEMP = /^\..+\.(?:tmp|restore|old)-(\d+)(?:-|$)/;
/** A browser profile in the system's temporary folder (launch-eye-browser). */
export const PROFILE_TEMP = /^eye-chrome-(\d+)-/;
