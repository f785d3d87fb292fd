#!/usr/bin/env node
// The `eye` CLI. The source is TypeScript under build/; tsx loads it directly so a checkout never
// runs a stale compiled copy.
import { mkdtempSync, rmdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';

// tsx compiles into the system's temporary folder, and eye stages work there: one that cannot be
// written is the environment's failure (exit 3, one line), not tsx's stack under the assertion code.
try {
  rmdirSync(mkdtempSync(join(tmpdir(), 'eye-probe-')));
} catch (err) {
  const dir = tmpdir().replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const why = { EROFS: 'read-only file system', EACCES: 'permission denied', EPERM: 'operation not permitted', ENOENT: 'no such folder', ENOTDIR: 'not a folder', ENOSPC: 'no space left on the device' }[err.code];
  process.stderr.write(`eye: cannot write to the temporary folder ${dir} (TMPDIR): ${why ? `${why} (${err.code})` : err.code ?? err.message}\n`);
  process.exit(3);
}
register();
const { main } = await import('../build/cli/main.ts');
process.exitCode = await main(process.argv);
