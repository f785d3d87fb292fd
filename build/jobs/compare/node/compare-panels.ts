import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { CliError, EXIT } from '../../../errors/exit.ts';
import { pixelSignal, pixelTraceFromJson } from '../../../measure/pixels/pixel-trace.ts';
import { withSettings } from '../../../scene/parse.ts';
import type { Scene } from '../../../scene/scene.ts';
import { loadScene } from '../../../node/io/load-scene.ts';
import { filmKeysOf, runRenderScenes, type RenderRunOptions } from '../../render/node/run-render.ts';
import { renderOptionsWith } from '../../render/node/render-options.ts';
import { codeHash } from '../../cache/node/code-hash.ts';
import { MODEL_ENTRY } from '../../cache/node/film-code.ts';
import { gitDirty, gitRevision } from '../../ledger/node/ledger.ts';
import { MAX_PANELS } from '../core/clip-size.ts';
import { heldSignal } from '../core/held-signal.ts';
import { panelNumbers, type PanelNumbers } from '../core/panel-numbers.ts';
import { clipInputsKey } from './clip-key.ts';
import { LABEL_HEIGHT_PX, type CompareOptions, type Panel } from './compare-types.ts';
import { heldFrames, heldScene } from './held-panel.ts';
import { proofPanels } from './proof-panels.ts';
import { frameCount } from '../../../model/time/clock.ts';
import { renderAtRevision, type Revision } from './render-at-revision.ts';

/** The scene a panel renders: the panel's own, or the frames a held panel needs of it. */
export const rendered = (p: Panel): Scene => (p.held ? heldScene(p.scene, p.held) : p.scene);

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

/** planPanels, then what eye compare checks before anything else: the panels share one frame rate, length and size. */
export function checkedPanels(names: string[], o: Pick<CompareOptions, 'settings' | 'rev' | 'presets'>): Panel[] {
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
  return panels;
}

/**
 * The panels that need no render of their own, marked in place: one that is a proof film already
 * made (the same scene and settings at its file's size) is that film, scaled (proofPanels); one that
 * holds still costs what it shows, its few distinct frames rendered once and looped (heldFrames).
 */
export async function adoptPanels(panels: Panel[], o: CompareOptions): Promise<void> {
  await proofPanels(panels, panelRenderFlags(o, ''));
  const first = panels[0].scene;
  const clipFrames = frameCount(first.durationS, first.fps);
  for (const p of panels) {
    if (p.revision !== null || p.note) continue;
    const held = heldFrames(p.scene);
    if (held !== null) Object.assign(p, { held, note: `holds still: ${held} frames rendered and looped for ${clipFrames}, its numbers from their pixels repeated` });
  }
}

export function defaultName(panels: Panel[], o: CompareOptions): string {
  const safe = (t: string) => t.replace(/[^A-Za-z0-9._-]+/g, '_');
  if (o.rev !== undefined) return `${panels[0].scene.name}-at-${safe(o.rev)}`;
  if (o.presets) return `${panels[0].label.replace(/ \(.*$/, '')}-${o.presets.join('-')}`;
  return panels.map((p) => p.scene.name).join('-vs-');
}

/** How the working tree's panels are rendered (and so the film keys their cache entries have). */
export function panelRenderFlags(o: CompareOptions, out: string): RenderRunOptions {
  return renderOptionsWith({
    out,
    jobs: o.jobs,
    ledger: false,
    cache: o.cache,
    cacheDir: o.cacheDir,
    force: o.force,
    // A panel is a sample of its scene (another size, a variant): its era spread is reported, not held.
    sample: true,
  });
}

/**
 * What decides the clip before anything is rendered: each panel's film key (its scene, settings, the
 * render's code, the browser's and ffmpeg's versions: the film's bytes, so its pixels.json and the
 * numbers on its label too), each panel's label name, the clip's geometry, and the hash of the code
 * eye compare runs (label drawing, measuring, composing; compareCode: less the model's Player, whose
 * output reaches a clip only as its panels' sample streams, in their film keys). Null when a panel has
 * no key (a revision's panel, or no cache): then the panels are rendered and the clip keyed by what they hold.
 */
export async function inputsKeyOf(root: string, panels: readonly Panel[], o: CompareOptions, size: { width: number; height: number }): Promise<string | null> {
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

/** Render every panel into `work`: the working tree's scenes in this process (once each), a revision in its own worktree. */
export async function renderPanels(root: string, panels: Panel[], o: CompareOptions, work: string, argv: string[], rev: Revision | null): Promise<void> {
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

/**
 * A panel's numbers from its own pixels (pixels.json), never from its scene file; a held panel's from
 * its rendered frames' rows repeated over the clip (heldSignal).
 */
export function measurePanel(dir: string, held: { frames: number; fps: number } | null): PanelNumbers {
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
