import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { CliError, EXIT } from '../../errors/exit.ts';
import { safeText } from '../../errors/safe-text.ts';
import { pixelSignal, pixelTraceFromJson } from '../../measure/pixels/pixel-trace.ts';
import { frameCount } from '../../model/time/clock.ts';
import { withSettings } from '../../scene/parse.ts';
import type { Preset, Scene } from '../../scene/scene.ts';
import { ensureOutDir } from '../io/ensure-out-dir.ts';
import { loadScene } from '../io/load-scene.ts';
import { OUT_TEMP, ownedPrefix, sweepOwned } from '../io/owned-temp.ts';
import { projectRoot } from '../io/project-root.ts';
import { findFfmpeg } from '../render/find-ffmpeg.ts';
import { filmVerdict, type FilmVerdict } from '../render/film-verdict.ts';
import { probeFilm } from '../render/probe-film.ts';
import { filmKeysOf, runRenderScenes, type RenderRunOptions } from '../render/run-render.ts';
import { codeHash } from '../cache/code-hash.ts';
import { MODEL_ENTRY } from '../cache/film-code.ts';
import { clipInputsKey, clipKey } from './clip-key.ts';
import { proofPanels } from './proof-panels.ts';
import { heldFrames, heldScene } from './held-panel.ts';
import { heldSignal } from '../../core/compare/held-signal.ts';
import { clipSize, MAX_PANELS } from '../../core/compare/clip-size.ts';
import { composeArgs } from './compose-args.ts';
import { labelStrip } from './label-strip.ts';
import { panelLabel } from '../../core/compare/panel-label.ts';
import { panelNumbers, type PanelNumbers } from '../../core/compare/panel-numbers.ts';
import { renderAtRevision, resolveRevision, type Revision } from './render-at-revision.ts';
import { handleInterrupts, onInterrupt } from '../io/interrupt.ts';
import { ledgerCheck, type LedgerCheck } from '../../core/compare/ledger-check.ts';
import { gitDirty, gitRevision, LEDGER_FILE, readLedger } from '../ledger/ledger.ts';
import { outputFile } from '../io/contain.ts';
import { writeFileAtomic } from '../io/write-file-atomic.ts';
import { fileSha256 } from '../io/file-sha256.ts';

const run = promisify(execFile);

/** A compare's temporary panel renders in the system's temp folder (swept once their owner is gone). */
const PANELS_TEMP = /^eye-compare-(\d+)-/;
/** The label strip under each panel, px. */
export const LABEL_HEIGHT_PX = 40;

export interface CompareOptions {
  /** --fps --duration --size --seed, applied to every panel's scene (withSettings validates them). */
  settings: Partial<Omit<Scene, 'name'>>;
  /** Each panel's size in the clip (default: the size it was rendered at). */
  panelSize?: { width: number; height: number };
  /** The clip; default proof/compare/<name>.mp4. */
  out?: string;
  /** The ledger each panel's label is held against (default: this checkout's ledger.jsonl). */
  ledgerFile?: string;
  /** One scene at this revision beside the working tree. */
  rev?: string;
  /** One scene as each of these presets. */
  presets?: Preset[];
  jobs: number;
  cache: boolean;
  cacheDir: string;
  force: boolean;
  json: boolean;
}

/** What a compare clip shows, written beside it as <name>.json. */
export interface CompareRecord {
  clip: string;
  /** clipKey: what decided the clip's bytes (an unchanged clip is kept, not composed again). */
  key: string;
  /** inputsKeyOf: the same, known before any panel is rendered (absent for a revision's panels or without the cache). */
  inputsKey?: string;
  /** sha256 of the clip's bytes as written (a kept clip must still be these bytes). */
  sha256?: string;
  width: number;
  height: number;
  fps: number;
  frames: number;
  panels: {
    label: [string, string];
    scene: string;
    preset: Preset;
    seed: number;
    revision: string | null;
    numbers: PanelNumbers;
    /** What the ledger holds for the panel's scene at its revision and settings, and whether the label agrees. */
    ledger: LedgerCheck;
    note?: string;
  }[];
  verdict: FilmVerdict;
}

export interface Panel {
  scene: Scene;
  label: string;
  revision: string | null;
  /** The rendered scene folder (film.mp4, pixels.json). */
  dir?: string;
  /** The full commit its code was at and whether that tree had uncommitted changes (for its ledger line). */
  code?: { revision: string; dirty: boolean };
  note?: string;
  /** The scene file's own size, its proof film's (proof-panels.ts). */
  fileSize?: { width: number; height: number };
  /** A panel that holds still (held-panel.ts): the frames rendered, looped for the clip's length. */
  held?: number;
}

/** The scene a panel renders: the panel's own, or the frames a held panel needs of it. */
const rendered = (p: Panel): Scene => (p.held ? heldScene(p.scene, p.held) : p.scene);

/**
 * `eye compare`: render each panel's scene (restored from the cache when unchanged) into a temporary
 * folder, measure each from its own pixels (pixels.json), draw the label strips, compose the clip
 * frame for frame, check it with ffprobe as a film is checked, and publish it whole (staged, renamed).
 */
export async function runCompare(names: string[], o: CompareOptions, argv: string[]): Promise<number> {
  const root = projectRoot();
  const panels = planPanels(names, o);
  const first = panels[0].scene;
  for (const p of panels) {
    if (p.scene.fps !== first.fps) {
      throw new CliError(EXIT.badInput, `panels must share one frame rate for frame-exact sync: ${panels.map((q) => `${q.label} ${q.scene.fps} fps`).join(', ')} (give --fps)`);
    }
    if (frameCount(p.scene.durationS, p.scene.fps) !== frameCount(first.durationS, first.fps)) {
      throw new CliError(EXIT.badInput, `panels must share one length: ${panels.map((q) => `${q.label} ${q.scene.durationS} s`).join(', ')} (give --duration)`);
    }
    if (p.scene.width !== first.width || p.scene.height !== first.height) {
      throw new CliError(EXIT.badInput, `panels must share one size: ${panels.map((q) => `${q.label} ${q.scene.width}x${q.scene.height}`).join(', ')} (give --size)`);
    }
  }
  // The revision is checked before anything is rendered (a typo must not cost the working tree's render first).
  const rev = o.rev !== undefined ? await resolveRevision(root, o.rev, basename(first.name)) : null;
  const ffmpeg = findFfmpeg();
  const name = defaultName(panels, o);
  const out = resolve(o.out ?? join(root, 'proof', 'compare', `${name}.mp4`));
  if (!out.endsWith('.mp4')) throw new CliError(EXIT.badInput, `--out: expected a file name ending in .mp4, got "${safeText(out)}"`);
  const outDir = dirname(out);
  const jsonFile = out.replace(/\.mp4$/, '.json');
  // First, before any render or the folder's probe file: the clip and its record replace nothing but regular files (a device node at --out).
  outputFile(out);
  outputFile(jsonFile);
  ensureOutDir(outDir);
  sweepOwned(outDir, OUT_TEMP);
  const size = o.panelSize ?? { width: first.width, height: first.height };
  // A panel that is a proof film already made (the same scene and settings at its file's size) is that film, scaled.
  await proofPanels(panels, panelRenderFlags(o, ''));
  // A panel that holds still costs what it shows: its few distinct frames, rendered once and looped.
  const clipFrames = frameCount(first.durationS, first.fps);
  for (const p of panels) {
    if (p.revision !== null || p.note) continue;
    const held = heldFrames(p.scene);
    if (held !== null) Object.assign(p, { held, note: `holds still: ${held} frames rendered and looped for ${clipFrames}, its numbers from their pixels repeated` });
  }
  // A warm run: the same panel films, labels and code made this clip already; nothing is rendered or restored.
  const inputsKey = await inputsKeyOf(root, panels, o, size);
  const unchanged = inputsKey && !o.force ? keptByInputs(out, jsonFile, inputsKey) : null;
  if (unchanged) {
    const hereCode = { revision: gitRevision(), dirty: gitDirty() };
    const checks = ledgerChecks(o, unchanged.panels.map((q, i) => ({ scene: panels[i].scene, code: hereCode, numbers: q.numbers })));
    return keep({ ...unchanged, panels: unchanged.panels.map((q, i) => ({ ...q, ledger: checks[i] })) }, jsonFile, out, o.json);
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

/** A kept clip: its record written again if this run's ledger checks changed it, and said as a made one is. */
function keep(record: CompareRecord, jsonFile: string, out: string, json: boolean): number {
  const text = `${JSON.stringify(record, null, 2)}\n`;
  if (text !== readFileSync(jsonFile, 'utf8')) writeFileAtomic(jsonFile, text);
  sayPanels(record);
  process.stderr.write(`compare: unchanged (the same panel films, labels and code), kept ${out}\n`);
  if (json) process.stdout.write(text);
  return EXIT.ok;
}

/** Each panel's label against the ledger, read now (a kept clip's lines may have been appended since it was made). */
function ledgerChecks(o: CompareOptions, panels: readonly { scene: Scene; code: { revision: string; dirty: boolean }; numbers: PanelNumbers }[]): LedgerCheck[] {
  const { entries } = readLedger(o.ledgerFile ?? LEDGER_FILE);
  return panels.map((p) => ledgerCheck({ scene: p.scene.name, ...p.code, settings: settingsOf(p.scene), numbers: p.numbers }, entries));
}

/** The settings a ledger line records for a scene. */
function settingsOf(s: Scene): { width: number; height: number; fps: number; durationS: number; seed: number } {
  return { width: s.width, height: s.height, fps: s.fps, durationS: s.durationS, seed: s.seed };
}

/** Each panel's label on stderr, and under it what the ledger holds for it. */
function sayPanels(record: CompareRecord): void {
  for (const p of record.panels) process.stderr.write(`${p.label[0]}: ${p.label[1]}${p.note ? ` (${p.note})` : ''}\n  ${p.ledger.says}\n`);
}

/** The panels the arguments ask for, each scene settled (the command line's settings applied). */
export function planPanels(names: string[], o: Pick<CompareOptions, 'settings' | 'rev' | 'presets'>): Panel[] {
  const settle = (s: Scene) => withSettings(s, o.settings);
  if (o.rev !== undefined && o.presets) throw new CliError(EXIT.badInput, '--rev and --presets: expected one of them, not both');
  if (o.rev !== undefined || o.presets) {
    const flag = o.rev !== undefined ? '--rev' : '--presets';
    if (names.length !== 1) throw new CliError(EXIT.badInput, `${flag}: expected exactly one scene, got ${names.length}`);
    const file = loadScene(names[0]);
    const scene = settle(file);
    const fileSize = { width: file.width, height: file.height };
    if (o.rev !== undefined) return [{ scene, label: `${scene.name} @ ${o.rev}`, revision: o.rev }, { scene, label: `${scene.name} @ working tree`, revision: null }];
    return o.presets!.map((preset) => {
      const variant = preset === scene.preset ? scene : { ...scene, preset, name: `${scene.name}-${preset}` };
      return { scene: variant, label: `${scene.name} (${preset})`, revision: null, fileSize };
    });
  }
  if (names.length < 2 || names.length > MAX_PANELS) {
    throw new CliError(EXIT.badInput, `expected 2 to ${MAX_PANELS} scenes (or one with --rev or --presets), got ${names.length}`);
  }
  return names.map((n) => {
    const file = loadScene(n);
    const scene = settle(file);
    return { scene, label: scene.name, revision: null, fileSize: { width: file.width, height: file.height } };
  });
}

function defaultName(panels: Panel[], o: CompareOptions): string {
  const safe = (t: string) => t.replace(/[^A-Za-z0-9._-]+/g, '_');
  if (o.rev !== undefined) return `${panels[0].scene.name}-at-${safe(o.rev)}`;
  if (o.presets) return `${panels[0].label.replace(/ \(.*$/, '')}-${o.presets.join('-')}`;
  return panels.map((p) => p.scene.name).join('-vs-');
}

/** How the working tree's panels are rendered (and so the film keys their cache entries have). */
function panelRenderFlags(o: CompareOptions, out: string): RenderRunOptions {
  return {
    settings: {},
    out,
    json: false,
    jobs: o.jobs,
    capture: 'auto',
    format: 'auto',
    ledger: false,
    pixels: true,
    maskLidOffsetMm: 0,
    cache: o.cache,
    cacheDir: o.cacheDir,
    force: o.force,
    shard: null,
    // A panel is a sample of its scene (another size, a variant): its era spread is reported, not held.
    sample: true,
  };
}

/**
 * What decides the clip before anything is rendered: each panel's film key (its scene, settings, the
 * render's code, the browser's and ffmpeg's versions: the film's bytes, so its pixels.json and the
 * numbers on its label too), each panel's label name, the clip's geometry, and the hash of the code
 * eye compare runs (label drawing, measuring, composing; compareCode: less the model's Player, whose
 * output reaches a clip only as its panels' sample streams, in their film keys). Null when a panel has
 * no key (a revision's panel, or no cache): then the panels are rendered and the clip keyed by what they hold.
 */
async function inputsKeyOf(root: string, panels: readonly Panel[], o: CompareOptions, size: { width: number; height: number }): Promise<string | null> {
  if (!o.cache || panels.some((p) => p.revision !== null)) return null;
  const filmKeys = await filmKeysOf(panels.map(rendered), panelRenderFlags(o, ''));
  if (!filmKeys) return null;
  return clipInputsKey({ filmKeys, labels: panels.map((p) => p.label), size, labelHeightPx: LABEL_HEIGHT_PX, code: await compareCode(root) });
}

/**
 * The hash of the code eye compare runs, less the model's Player and what only it imports: an edit of
 * the model changes a clip only through its panels' sample streams (their film keys), so an edit that
 * moves one era's samples changes that era's clips and the tile, not every clip.
 */
export async function compareCode(root: string): Promise<string> {
  return (await codeHash(root, 'build/cli/commands/compare.ts', { outside: [MODEL_ENTRY] })).hash;
}

/** The clip at `out` when its record says it was made from these inputs and its bytes are still the ones then written. */
function keptByInputs(out: string, jsonFile: string, inputsKey: string): CompareRecord | null {
  if (!existsSync(out) || !existsSync(jsonFile)) return null;
  try {
    const record = JSON.parse(readFileSync(jsonFile, 'utf8')) as CompareRecord;
    return record.inputsKey === inputsKey && record.sha256 === fileSha256(out) ? record : null;
  } catch {
    return null; // unreadable: made again
  }
}

/** Render every panel into `work`: the working tree's scenes in this process (once each), a revision in its own worktree. */
async function renderPanels(root: string, panels: Panel[], o: CompareOptions, work: string, argv: string[], rev: Revision | null): Promise<void> {
  const here = new Map<string, Scene>();
  for (const p of panels) if (p.revision === null) here.set(p.scene.name, rendered(p));
  const hereDir = join(work, 'here');
  await runRenderScenes([...here.values()], panelRenderFlags(o, hereDir), argv);
  // The working tree's panels run this checkout's code: its HEAD, and whether it has uncommitted changes.
  const hereCode = { revision: gitRevision(), dirty: gitDirty() };
  for (const p of panels) if (p.revision === null) Object.assign(p, { dir: join(hereDir, p.scene.name), code: hereCode });
  for (const p of panels) {
    if (p.revision === null) continue;
    const s = p.scene;
    // The scene as the revision's own file says (its seed too, unless --seed), at the panels' size and
    // length: an explicit --duration also makes it a sample there, its era spread reported, not held.
    const args = ['--duration', String(s.durationS), '--size', `${s.width}x${s.height}`, '--jobs', '1'];
    if (o.settings.fps !== undefined) args.push('--fps', String(s.fps));
    if (o.settings.seed !== undefined) args.push('--seed', String(s.seed));
    if (o.cache) args.push('--cache-dir', resolve(o.cacheDir));
    else args.push('--no-cache');
    if (o.force) args.push('--force');
    const r = await renderAtRevision(root, rev!, basename(s.name), args, join(work, 'rev'));
    p.dir = r.sceneDir;
    p.code = { revision: r.revision, dirty: false };
    const summary = JSON.parse(readFileSync(join(r.sceneDir, 'summary.json'), 'utf8')) as { seed?: number; fps?: number };
    p.scene = { ...s, seed: summary.seed ?? s.seed, fps: summary.fps ?? s.fps };
    p.label = `${s.name} @ ${r.commit}`;
    p.revision = r.commit;
    if (r.failedChecks) p.note = `its render at ${r.commit} failed its own checks: see its assertions`;
  }
}


/** The clip already at `out`, if its record names this key and ffprobe still finds it whole. */
async function keptRecord(ffprobe: string, out: string, jsonFile: string, key: string): Promise<CompareRecord | null> {
  if (!existsSync(out) || !existsSync(jsonFile)) return null;
  let record: CompareRecord;
  try {
    record = JSON.parse(readFileSync(jsonFile, 'utf8')) as CompareRecord;
  } catch {
    return null;
  }
  if (record.key !== key) return null;
  // Bytes changed since they were written (a record that knows them): made again, even if ffprobe would pass them.
  if (record.sha256 !== undefined && record.sha256 !== fileSha256(out)) return null;
  try {
    const verdict = filmVerdict(await probeFilm(ffprobe, out), { width: record.width, height: record.height, fps: record.fps, frames: record.frames });
    return verdict.ok ? record : null;
  } catch {
    return null; // unreadable: composed again
  }
}

/**
 * A panel's numbers from its own pixels (pixels.json), never from its scene file; a held panel's from
 * its rendered frames' rows repeated over the clip (heldSignal).
 */
function measurePanel(dir: string, held: { frames: number; fps: number } | null): PanelNumbers {
  const file = join(dir, 'pixels.json');
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new CliError(EXIT.internal, `${file}: unreadable (${(err as Error).message})`);
  }
  const signal = pixelSignal(pixelTraceFromJson(json, file));
  return panelNumbers(held ? heldSignal(signal, held.frames, held.fps) : signal);
}
