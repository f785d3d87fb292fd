import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Assertion } from '../../../measure/caps.ts';
import type { DetectorParams } from '../../../measure/params.ts';
import type { LongRunFixations, ReportData } from '../../../report/proof/report-data.ts';
import type { SceneCheck } from '../../check/node/check-run.ts';
import { reportedRuns, sceneFolders } from './report-sources.ts';
import { readEra } from './read-era.ts';
import { readProofJson } from './read-proof-json.ts';
import { readDiff } from './read-diff.ts';
import { inlineImageFile, type ImageInliner } from './inline-image.ts';

/**
 * What proof/index.html shows, from a proof folder (every rendered scene in it), eye check's
 * assertions (<proof>/check/assertions.json, when eye check has run) and the ledger's runs; stills
 * inlined by `image` (eye report's passes the cache's).
 */
export async function collectReport(opts: { proofDir: string; ledgerFile: string; params: DetectorParams }, image: ImageInliner = inlineImageFile): Promise<ReportData> {
  const notes: string[] = [];
  const checkFile = join(opts.proofDir, 'check', 'assertions.json');
  let checkAssertions: Assertion[] = [];
  if (existsSync(checkFile)) {
    checkAssertions = readProofJson<{ assertions: Assertion[] }>(checkFile, (o, bad) => void (Array.isArray(o.assertions) || bad('assertions', 'an array'))).assertions;
  } else {
    notes.push(`no ${relative(process.cwd(), checkFile) || checkFile}: eye check has not run, so no scene shows its calm caps (run eye check --out ${join(opts.proofDir, 'check')})`);
  }
  const scenes = sceneFolders(opts.proofDir);
  const eras = [];
  const longRuns = longRunFixations(join(opts.proofDir, 'check', 'summary.json'));
  for (const s of scenes) eras.push({ ...(await readEra(opts.proofDir, s, checkAssertions, opts.params, image)), longRunFixations: longRuns.get(s) ?? null });
  if (existsSync(checkFile) && longRuns.size === 0) notes.push('eye check kept no long-run fixation durations (an older summary.json): each fixation histogram shows its film\'s own');
  const checked = new Set(checkAssertions.map((a) => a.scene));
  const unchecked = scenes.filter((s) => !checked.has(s));
  if (checkAssertions.length && unchecked.length) notes.push(`eye check asserted no caps for ${unchecked.join(', ')} (it checks the era scripts, reduced motion and the stimulus scenes)`);
  const diff = await readDiff(opts.proofDir, image);
  if (diff.state === 'rejected') notes.push(`${diff.file} rejected, so no verdict against the baseline is shown: ${diff.problem}`);
  const { runs, skipped } = reportedRuns(opts.ledgerFile);
  if (skipped) notes.push(`${skipped} ledger line(s) skipped as unreadable`);
  return {
    title: 'calm-eye proof',
    sources: [
      `films: ${scenes.length} scene folder(s) in ${opts.proofDir}`,
      `calm caps: ${existsSync(checkFile) ? checkFile : 'none (eye check has not run)'}`,
      `since the baseline: ${diff.state === 'read' ? diff.file : diff.state === 'rejected' ? `${diff.file} (rejected)` : 'none (eye diff has not run)'}`,
      `history: ${opts.ledgerFile} (the ${runs.length} runs that changed a number; a run repeating the one before it at its revision is left out)`,
    ],
    eras,
    ledger: runs,
    notes,
    diff,
  };
}

/** Each era script scene's long-run fixation bins from eye check's summary.json (none when it is missing or older). */
function longRunFixations(file: string): Map<string, LongRunFixations> {
  const out = new Map<string, LongRunFixations>();
  if (!existsSync(file)) return out;
  const summary = readProofJson(file) as { scenes?: Partial<Pick<SceneCheck, 'scene' | 'seeds' | 'minutesPerSeed' | 'fixations'>>[] };
  for (const s of summary.scenes ?? []) {
    if (s.scene && s.fixations && s.seeds && s.minutesPerSeed) out.set(s.scene, { bins: s.fixations.bins, hz: s.fixations.hz, seeds: s.seeds.length, minutesPerSeed: s.minutesPerSeed });
  }
  return out;
}
