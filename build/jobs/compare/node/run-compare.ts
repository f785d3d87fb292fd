import { execFile } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { CliError, EXIT } from '../../../errors/exit.ts';
import { safeText } from '../../../errors/safe-text.ts';
import { frameCount } from '../../../model/time/clock.ts';
import { ensureOutDir } from '../../../node/io/ensure-out-dir.ts';
import { OUT_TEMP, ownedPrefix, sweepOwned } from '../../../node/io/owned-temp.ts';
import { projectRoot } from '../../../node/io/project-root.ts';
import { findFfmpeg } from '../../../node/ffmpeg/find-ffmpeg.ts';
import { filmVerdict, type FilmVerdict } from '../../../node/ffmpeg/film-verdict.ts';
import { probeFilm } from '../../../node/ffmpeg/probe-film.ts';
import { clipKey } from './clip-key.ts';
import { clipSize } from '../core/clip-size.ts';
import { composeArgs } from './compose-args.ts';
import { labelStrip } from './label-strip.ts';
import { panelLabel } from '../core/panel-label.ts';
import { resolveRevision } from './render-at-revision.ts';
import { handleInterrupts, onInterrupt } from '../../../node/io/interrupt.ts';
import { gitDirty, gitRevision } from '../../ledger/node/ledger.ts';
import { outputFile } from '../../../node/io/contain.ts';
import { fileSha256 } from '../../../node/io/file-sha256.ts';
import { LABEL_HEIGHT_PX, type CompareOptions, type CompareRecord } from './compare-types.ts';
import { adoptPanels, checkedPanels, defaultName, inputsKeyOf, measurePanel, renderPanels } from './compare-panels.ts';
import { adoptedClip, clipRecordPath, keep, keptByInputs, keptRecord, ledgerChecks, sayPanels } from './compare-record.ts';

export { LABEL_HEIGHT_PX, type CompareOptions, type CompareRecord, type Panel } from './compare-types.ts';
export { compareCode, planPanels } from './compare-panels.ts';

const run = promisify(execFile);

/** A compare's temporary panel renders in the system's temp folder (swept once their owner is gone). */
const PANELS_TEMP = /^eye-compare-(\d+)-/;

/**
 * `eye compare`: render each panel's scene (restored from the cache when unchanged) into a temporary
 * folder, measure each from its own pixels (pixels.json), draw the label strips, compose the clip
 * frame for frame, check it with ffprobe as a film is checked, and publish it whole (staged, renamed).
 */
export async function runCompare(names: string[], o: CompareOptions, argv: string[]): Promise<number> {
  const root = projectRoot();
  const panels = checkedPanels(names, o);
  const first = panels[0].scene;
  // The revision is checked before anything is rendered (a typo must not cost the working tree's render first).
  const rev = o.rev !== undefined ? await resolveRevision(root, o.rev, basename(first.name)) : null;
  const ffmpeg = findFfmpeg();
  const name = defaultName(panels, o);
  const out = resolve(o.out ?? join(root, 'proof', 'compare', `${name}.mp4`));
  if (!out.endsWith('.mp4')) throw new CliError(EXIT.badInput, `--out: expected a file name ending in .mp4, got "${safeText(out)}"`);
  const outDir = dirname(out);
  const jsonFile = clipRecordPath(out);
  // First, before any render or the folder's probe file: the clip and its record replace nothing but regular files (a device node at --out).
  outputFile(out);
  outputFile(jsonFile);
  ensureOutDir(outDir);
  sweepOwned(outDir, OUT_TEMP);
  const size = o.panelSize ?? { width: first.width, height: first.height };
  const clipFrames = frameCount(first.durationS, first.fps);
  await adoptPanels(panels, o);
  // A warm run: the same panel films, labels and code made this clip already; nothing is rendered or restored.
  const inputsKey = await inputsKeyOf(root, panels, o, size);
  const expected = { ...clipSize(panels.length, size, LABEL_HEIGHT_PX), fps: first.fps, frames: clipFrames };
  const unchanged = inputsKey && !o.force ? (keptByInputs(out, jsonFile, inputsKey) ?? (o.from?.length ? await adoptedClip(o.from, out, jsonFile, inputsKey, expected, ffmpeg.ffprobe) : null)) : null;
  if (unchanged) {
    const hereCode = { revision: gitRevision(), dirty: gitDirty() };
    const checks = ledgerChecks(o, unchanged.panels.map((q, i) => ({ scene: panels[i].scene, code: hereCode, numbers: q.numbers })));
    return keep({ ...unchanged, clip: out, panels: unchanged.panels.map((q, i) => ({ ...q, ledger: checks[i] })) }, jsonFile, out, o.json);
  }
  sweepOwned(tmpdir(), PANELS_TEMP);
  handleInterrupts();
  const work = mkdtempSync(join(tmpdir(), ownedPrefix('eye-compare-')));
  // Staged beside their final names, named as OUT_TEMP sweeps them when a killed run leaves them.
  const staged = join(outDir, `.${basename(out)}.tmp-${process.pid}`);
  const stagedJson = join(outDir, `.${basename(out, '.mp4')}.json.tmp-${process.pid}`);
  const removeWork = () => {
    rmSync(staged, { force: true });
    rmSync(stagedJson, { force: true });
    rmSync(work, { recursive: true, force: true });
  };
  const forgetWork = onInterrupt(removeWork);
  try {
    await renderPanels(root, panels, o, work, argv, rev);
    const measured = panels.map((p) => ({ p, numbers: measurePanel(p.dir!, p.held ? { frames: clipFrames, fps: first.fps } : null) }));
    const inputs = await Promise.all(
      measured.map(async ({ p, numbers }, i) => {
        const file = join(work, `label-${i}.png`);
        writeFileSync(file, await labelStrip(panelLabel(p.label, numbers), size.width, LABEL_HEIGHT_PX));
        return { film: join(p.dir!, 'film.mp4'), label: file, size: { width: p.scene.width, height: p.scene.height }, ...(p.held ? { loopFrames: p.held } : {}) };
      }),
    );
    // Every panel's film is what its scene asked (a revision's render could differ): else sync is not frame-exact.
    const frames = frameCount(first.durationS, first.fps);
    for (const [i, input] of inputs.entries()) {
      const want = panels[i].held ?? frames;
      const v = filmVerdict(await probeFilm(ffmpeg.ffprobe, input.film), { ...input.size, fps: first.fps, frames: want });
      if (!v.ok) throw new CliError(EXIT.badInput, `panel ${panels[i].label}: its film is not ${input.size.width}x${input.size.height} at ${first.fps} fps, ${want} frames (${v.checks.filter((c) => !c.pass).map((c) => `${c.name} ${c.got}`).join(', ')})`);
    }
    const args = composeArgs({ panels: inputs, filmSize: { width: first.width, height: first.height }, panelSize: size, labelHeightPx: LABEL_HEIGHT_PX, fps: first.fps, frames, output: staged });
    const labels = measured.map(({ p, numbers }) => panelLabel(p.label, numbers));
    const key = clipKey(args, [...inputs.flatMap((i) => [i.film, i.label]), staged], inputs.map((i) => fileSha256(i.film)), labels);
    const checks = ledgerChecks(o, measured.map(({ p, numbers }) => ({ scene: p.scene, code: p.code!, numbers })));
    const recordOf = (verdict: FilmVerdict, sha256: string): CompareRecord => ({
      clip: out,
      key,
      ...(inputsKey ? { inputsKey } : {}),
      sha256,
      ...clipSize(panels.length, size, LABEL_HEIGHT_PX),
      fps: first.fps,
      frames,
      panels: measured.map(({ p, numbers }, i) => ({
        label: labels[i],
        scene: p.scene.name,
        preset: p.scene.preset,
        seed: p.scene.seed,
        revision: p.revision,
        numbers,
        ledger: checks[i],
        ...(p.note ? { note: p.note } : {}),
      })),
      verdict,
    });
    // Composing again would write the same bytes: the clip is kept (--force composes anyway). Its record
    // is written again with this run's ledger checks, and with its inputs key when it had none (a record
    // from before inputs keys, or made with --no-cache), so the next run keeps it without rendering.
    const kept = o.force ? null : await keptRecord(ffmpeg.ffprobe, out, jsonFile, key);
    if (kept) return keep(recordOf(kept.verdict, fileSha256(out)), jsonFile, out, o.json);
    try {
      await run(ffmpeg.ffmpeg, args, { maxBuffer: 1 << 24 });
    } catch (err) {
      throw new CliError(EXIT.internal, `ffmpeg failed composing ${name}: ${((err as { stderr?: string }).stderr ?? String(err)).trim().split('\n').slice(-3).join(' | ')}`);
    }
    const record = recordOf(filmVerdict(await probeFilm(ffmpeg.ffprobe, staged), { ...clipSize(panels.length, size, LABEL_HEIGHT_PX), fps: first.fps, frames }), fileSha256(staged));
    const verdict = record.verdict;
    if (!verdict.ok) throw new CliError(EXIT.internal, `the clip ${name} is not a proper film: ${verdict.checks.filter((c) => !c.pass).map((c) => `${c.name} ${c.got} (expected ${c.expected})`).join(', ')}`);
    const json = `${JSON.stringify(record, null, 2)}\n`;
    writeFileSync(stagedJson, json);
    renameSync(staged, out);
    renameSync(stagedJson, jsonFile);
    sayPanels(record);
    process.stderr.write(`compare: ${record.width}x${record.height}@${record.fps}, ${frames} frames, film ok → ${out}\n`);
    if (o.json) process.stdout.write(json);
    return EXIT.ok;
  } finally {
    forgetWork();
    removeWork();
  }
}
