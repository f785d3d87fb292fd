import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** True if `file` is an executable regular file. */
export function isExecutable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first of `names` found on PATH (then in /usr/bin), or null. */
export function findOnPath(names: readonly string[], path = process.env.PATH ?? ''): string | null {
  const dirs = [...path.split(delimiter).filter(Boolean), '/usr/bin'];
  for (const name of names) {
    for (const dir of dirs) {
      const file = join(dir, name);
      if (isExecutable(file)) return file;
    }
  }
  return null;
}
