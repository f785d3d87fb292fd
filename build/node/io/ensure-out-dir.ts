import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { environmentError } from '../../errors/environment-error.ts';
import { CliError, EXIT } from '../../errors/exit.ts';
import { safeText } from '../../errors/safe-text.ts';
import { assertNotInsideOwned } from './contain.ts';

/**
 * mkdir -p one level at a time: Node's recursive mkdirSync never returns under /proc (Node 20: it
 * retries ENOENT forever), where a plain mkdir fails at once with ENOENT.
 */
function makeDirs(dir: string): void {
  const missing: string[] = [];
  for (let d = resolve(dir); !existsSync(d); d = dirname(d)) {
    missing.push(d);
    if (dirname(d) === d) break;
  }
  for (const d of missing.reverse()) {
    try {
      mkdirSync(d);
    } catch (err) {
      // Made meanwhile by another run: fine if it is a folder.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(d).isDirectory()) throw err;
    }
  }
}

/**
 * Make sure an output folder exists and can be written, before any work starts (a long simulation or
 * render should not end in "cannot write"): it is created if missing and a probe file is written and
 * removed. A file in the way, a read-only or forbidden folder, or a place where no folder can be made
 * (/proc) is the exit-3 line naming the path.
 */
export function ensureOutDir(dir: string, flag = '--out'): void {
  // Not inside a cache entry or a scene's folder: what is written there would change that entry or scene.
  assertNotInsideOwned(dir, flag);
  const probe = join(dir, `.probe-${process.pid}`);
  try {
    makeDirs(dir);
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (err) {
    const e = environmentError(err, `write ${flag}`, dir);
    if (e) throw e;
    // A file system that makes no folder there (/proc, /sys).
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new CliError(EXIT.environment, `cannot write ${flag} ${safeText(dir)}: no folder can be made there (ENOENT)`);
    throw err;
  }
}
