import { createHash, type Hash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { DetectorParams } from '../../../measure/params.ts';
import { codeHash } from '../../cache/node/code-hash.ts';
import { projectRoot } from '../../../node/io/project-root.ts';
import { reportedRuns, sceneFolders } from './report-sources.ts';

/** Every file under `dir` (sorted, recursive), its path relative to `dir` and its bytes, into the hash; films by size only. */
function addFolder(h: Hash, dir: string, label: string): void {
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const file = join(dir, e.name);
    if (e.isDirectory()) addFolder(h, file, `${label}/${e.name}`);
    // A film is only linked (and opened by the load test): its size stands for it; summary.json carries its frame hashes.
    else if (e.name.endsWith('.mp4')) h.update(`${label}/${e.name} bytes\0${statSync(file).size}\0`);
    else h.update(`${label}/${e.name}\0`).update(readFileSync(file)).update('\0');
  }
}

/**
 * What decides proof/index.html and its load test, known without building it (collecting the films'
 * numbers and plotting them takes seconds): the code `eye report` runs, the detector parameters, every
 * file of every scene folder it reports and of <proof>/check, and the ledger's runs as the report shows
 * them (changedRuns: a run repeating the one before it leaves them as they were).
 */
export async function reportInputsKey(o: { proofDir: string; ledgerFile: string; params: DetectorParams }): Promise<string> {
  const h = createHash('sha256');
  h.update(`code\0${(await codeHash(projectRoot(), 'build/cli/commands/report.ts')).hash}\0`);
  h.update(`params\0${JSON.stringify(o.params)}\0`);
  // The page names its sources.
  h.update(`places\0${o.proofDir}\0${o.ledgerFile}\0`);
  for (const scene of sceneFolders(o.proofDir)) addFolder(h, join(o.proofDir, scene), scene);
  const check = join(o.proofDir, 'check');
  if (existsSync(check)) addFolder(h, check, 'check');
  // eye diff's verdicts, stills and review clip (its paths are read from the file, but they live here).
  const diff = join(o.proofDir, 'diff');
  if (existsSync(diff)) addFolder(h, diff, 'diff');
  h.update(`ledger\0${JSON.stringify(reportedRuns(o.ledgerFile))}\0`);
  return h.digest('hex');
}
