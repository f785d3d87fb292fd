import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { environmentError } from '../../errors/environment-error.ts';
import { assertReplaceableFile } from './contain.ts';

/**
 * Write several files that belong together (a check's assertions.json and summary.json): every one is
 * written whole under a temporary name beside it first; only when all are written are they renamed
 * into place (renames need no space, so a full disk fails before any file changed). A failure removes
 * the temporary files and leaves the old files as they were.
 */
export function writeFilesTogether(files: readonly { path: string; text: string | Buffer }[]): void {
  // The rename would replace whatever is there: a device node (--out /dev/full), a fifo, a symlink. Only a regular file.
  for (const f of files) assertReplaceableFile(f.path);
  const staged: { tmp: string; path: string }[] = [];
  try {
    for (const f of files) {
      const tmp = `${f.path}.${process.pid}.tmp`;
      staged.push({ tmp, path: f.path });
      writeFileSync(tmp, f.text);
    }
  } catch (err) {
    for (const s of staged) rmSync(s.tmp, { force: true });
    const path = staged.at(-1)?.path ?? files[0]?.path ?? '';
    throw environmentError(err, 'write', path) ?? err;
  }
  for (const s of staged) renameSync(s.tmp, s.path);
}
