import { resolve } from 'node:path';
import type { Command } from 'commander';
import { safeJson } from '../../errors/safe-text.ts';
import { writeStdout } from '../../node/io/write-stdout.ts';
import { declareOptions, parseOptions, text, type OptionSpec } from '../option-spec.ts';
import { BASELINE_DIR_OPTION } from './approve.ts';
import { REPORT_OPTIONS } from './report.ts';
import { RENDER_OPTIONS } from '../../jobs/render/node/render-options.ts';

/** `eye diff`'s options, each declared once (flag, doc, default, validator). */
export const DIFF_OPTIONS = {
  proofDir: { ...REPORT_OPTIONS.proofDir, doc: 'the proof folder with the current renders; <proof>/diff/ gets diff.json, review.mp4 and stills' },
  baselineDir: BASELINE_DIR_OPTION,
  rev: { flags: '--rev <rev>', doc: 'diff against the scenes as this git revision renders them (built and rendered in a temporary worktree, as eye compare --rev), at the current proof\'s size, length and rate; a scene is approved when its baseline file holds its current frames', parse: text },
  cacheDir: { ...RENDER_OPTIONS.cacheDir, doc: "the cache the baseline's films are looked up in by their keys (and a revision's renders share)", parse: (t: string) => resolve(t) },
  renderBaseline: { flags: '--no-render-baseline', doc: "do not render a baseline's commit when its film is not in the cache (its scene is then beyond: frames differ, no picture to compare)", default: true },
  clip: { flags: '--no-clip', doc: 'write diff.json only: no review clip, no stills', default: true },
  json: { flags: '--json', doc: 'print the result (diff.json) on stdout', default: false },
} satisfies Record<string, OptionSpec<unknown>>;

export function registerDiff(program: Command): void {
  const cmd = program
    .command('diff')
    .description(
      "Each scene's current proof against its baseline (eye approve), or against a render at --rev: one verdict a scene, unchanged (the same frames), within tolerance, beyond (or new, missing); for a changed scene the events added, removed and moved, each number against its era's p10–p90, the first different frame, the per-frame SSIM and largest local change, and the changed stretches; writes <proof>/diff/diff.json, a review clip of the changed stretches (review.mp4) and stills. Exits 1 when a change beyond tolerance is not approved. The tolerances are build/jobs/diff/core/tolerances.ts; see docs/review.md.",
    )
    .argument('[scenes...]', 'scene names (default: every baseline and every rendered scene)');
  declareOptions(cmd, DIFF_OPTIONS).action(async (names: string[], raw: Record<string, unknown>) => {
    const o = parseOptions(DIFF_OPTIONS, raw);
    const { runDiff } = await import('../../jobs/diff/node/run-diff.ts');
    const { diffLines } = await import('../../jobs/diff/core/diff-labels.ts');
    const { result, code } = await runDiff(names, {
      proofDir: o.proofDir,
      baselineDir: o.baselineDir,
      cacheDir: o.cacheDir,
      rev: o.rev,
      renderBaseline: o.renderBaseline !== false,
      clip: o.clip !== false,
      progress: (l) => process.stderr.write(`${l}\n`),
    });
    writeStdout(o.json ? `${safeJson(result, 2)}\n` : `${diffLines(result.scenes)}\n`);
    process.exitCode = code;
  });
}
