import { relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { safeText } from '../../errors/safe-text.ts';
import { projectRoot } from '../../node/io/project-root.ts';
import { writeStdout } from '../../node/io/write-stdout.ts';
import { declareOptions, parseOptions, text, type OptionSpec } from '../option-spec.ts';
import { REPORT_OPTIONS } from './report.ts';
import { RENDER_OPTIONS } from '../../jobs/render/node/render-options.ts';

/** The committed folder of approved scene states (baseline/<scene>.json). */
export const BASELINE_DIR_OPTION = {
  flags: '--baseline-dir <dir>',
  doc: 'the folder of approved states, one <scene>.json each (committed: its diff in a pull request says what was approved)',
  default: resolve(projectRoot(), 'baseline'),
  defaultText: 'baseline/',
  parse: (t: string) => resolve(t),
} satisfies OptionSpec<string>;

/** `eye approve`'s options, each declared once (flag, doc, default, validator). */
export const APPROVE_OPTIONS = {
  why: { flags: '--why <text>', doc: 'why the current state is right (required; kept in each baseline file)', parse: text },
  proofDir: { ...REPORT_OPTIONS.proofDir, doc: 'the proof folder whose scenes are approved' },
  baselineDir: BASELINE_DIR_OPTION,
  cacheDir: { ...RENDER_OPTIONS.cacheDir, doc: "the cache the films are looked up in (the baseline records the film's key, so eye diff finds it there)", parse: (t: string) => resolve(t) },
  json: { flags: '--json', doc: 'print what was approved as JSON', default: false },
} satisfies Record<string, OptionSpec<unknown>>;

export function registerApprove(program: Command): void {
  const cmd = program
    .command('approve')
    .description(
      "Record each scene's current proof (its settings, its film's frame hashes, the events the detectors find in its trace, its pixel-measured numbers with its era's p10–p90) as its baseline, <baseline-dir>/<scene>.json, with the reason (--why, required) and the commit. No scene named: every scene rendered in the proof folder. Every scene is read first; the files are written together.",
    )
    .argument('[scenes...]', 'scene names (their folders under the proof folder)');
  declareOptions(cmd, APPROVE_OPTIONS).action(async (names: string[], raw: Record<string, unknown>) => {
    const o = parseOptions(APPROVE_OPTIONS, raw);
    const { runApprove, checkWhy } = await import('../../jobs/diff/node/run-approve.ts');
    const approved = runApprove(names, { proofDir: o.proofDir, baselineDir: o.baselineDir, cacheDir: o.cacheDir, why: checkWhy(o.why) });
    if (o.json) return writeStdout(`${JSON.stringify(approved, null, 2)}\n`);
    const lines = approved.map((a) => `approved ${safeText(a.scene)}: ${a.frames} frames, ${a.events} events${a.unchanged ? ' (frames as before: reason replaced)' : ''}, film ${a.filmKey ? `cached (${a.filmKey.slice(0, 12)})` : 'not in the cache'} → ${safeText(relative(process.cwd(), a.file) || a.file)}`);
    writeStdout(`${lines.join('\n')}\nwhy: "${safeText(checkWhy(o.why))}"\n`);
  });
}
