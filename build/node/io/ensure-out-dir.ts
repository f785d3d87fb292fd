import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { environmentError } from '../../errors/environment-error.ts';

/**
 * Make sure an output folder exists and can be written, before any work starts (a long simulation or
 * render should not end in "cannot write"): it is created if missing and a probe file is written and
 * removed. A file in the way, a read-only or forbidden folder is the exit-3 line naming the path.
 */
export function ensureOutDir(dir: string, flag = '--out'): void {
  const probe = join(dir, `.probe-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (err) {
    const e = environmentError(err, `write ${flag}`, dir);
    if (e) throw e;
    throw err;
  }
}
