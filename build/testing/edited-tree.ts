import { cpSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../node/io/project-root.ts';
import { tempDir } from './temp-dir.ts';

/** One file's edit: `change` must change it (an edit that changes nothing is a broken test). */
export interface TreeEdit {
  file: string;
  change: (text: string) => string;
}

/** A copy of the tree (sources, scenes, lock file; node_modules linked) with `edit` applied to one file: the key tests' edited checkouts. */
export function editedTree(edit: TreeEdit | null): string {
  const root = projectRoot();
  const dir = tempDir('eye-key-edit-');
  for (const f of ['build', 'scenes']) cpSync(join(root, f), join(dir, f), { recursive: true, filter: (p) => !p.endsWith('.test.ts') });
  for (const f of ['package.json', 'package-lock.json', 'tsconfig.json']) cpSync(join(root, f), join(dir, f));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  if (edit) {
    const file = join(dir, edit.file);
    const before = readFileSync(file, 'utf8');
    const after = edit.change(before);
    if (after === before) throw new Error(`the edit of ${edit.file} changed nothing`);
    writeFileSync(file, after);
  }
  return dir;
}
