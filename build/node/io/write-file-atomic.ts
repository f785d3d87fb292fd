import { renameSync, rmSync, writeFileSync } from 'node:fs';

/** Write a file whole or not at all: to a temporary name beside it, then renamed over it. */
export function writeFileAtomic(file: string, data: Buffer | string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}
