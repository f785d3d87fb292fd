import { copyFileSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { compareStates, verdictOf, type StateComparison } from '../core/compare-states.ts';
import { needsApproval, type DiffResult, type SceneDiff } from '../core/diff-json.ts';
import { diffLabels } from '../core/diff-labels.ts';
import type { Baseline, SceneState } from '../core/scene-state.ts';
import { LOCAL_DIFFERENCE, localSigmaPx, SSIM_FLOOR, STRETCH_CONTEXT_S } from '../core/tolerances.ts';
import { CliError, EXIT } from '../../../errors/exit.ts';
import { safeText } from '../../../errors/safe-text.ts';
import { renderAtRevision, resolveRevision, type Revision } from '../../compare/node/render-at-revision.ts';
import { isInside } from '../../../node/io/contain.ts';
import { ensureOutDir } from '../../../node/io/ensure-out-dir.ts';
import { onInterrupt } from '../../../node/io/interrupt.ts';
import { OUT_TEMP, ownedPrefix, sweepOwned } from '../../../node/io/owned-temp.ts';
import { projectRoot } from '../../../node/io/project-root.ts';
import { publishDir } from '../../../node/io/publish-dir.ts';
import { writeFileAtomic } from '../../../node/io/write-file-atomic.ts';
import { baselineScenes, readBaseline } from './baseline-files.ts';
import type { PictureTools } from './picture-tools.ts';
import type { ClipSegment } from './review-clip.ts';
import { existingCache, filmInCache } from './film-in-cache.ts';
import { provenScenes } from './run-approve.ts';
import { readSceneFrames, readSceneState, sceneFolder } from './read-scene-state.ts';

export interface DiffOptions {
  proofDir: string;
  baselineDir: string;
  cacheDir: string;
  /** Diff against a render at this revision instead of the baseline files. */
  rev?: string;
  /** Render a baseline's commit when its film is not in the cache (a clean commit only). */
  renderBaseline: boolean;
  /** Write the review clip and the stills (off: verdicts and diff.json only). */
  clip: boolean;
  /** The picture side (loaded when first needed; tests pass fakes). */
  tools?: () => Promise<PictureTools>;
  ffmpegPath?: string;
  /** Told what is being done (rendering a revision, comparing pictures). */
  progress?: (line: string) => void;
}

/** A changed scene whose pictures were compared: its two films and its per-frame SSIM and change score (changeScore). */
interface ChangedFilm {
  scene: string;
  baselineFilm: string;
  currentFilm: string;
  ssim: number[];
  score: number[];
  fps: number;
  width: number;
  height: number;
}

/** A poster's widest (the clip is three panels of half the film each: 1920 px for a 720p film; the report shows it at most ~1060). */
const POSTER_MAX_WIDTH_PX = 1440;
/** The review clip's poster beside it: the first changed frame of its first scene. */
export const CLIP_POSTER = 'review.webp';

/** A diff's baseline and revision renders in the system's temp folder (swept once their owner is gone). */
const RENDERS_TEMP = /^eye-diffrenders-(\d+)-/;
/** Stills per changed scene (one per changed stretch, the worst frame of each). */
const MAX_STILLS = 6;
const STILL_WIDTH_PX = 480;
/** The folder under the proof folder `eye diff` writes: diff.json, review.mp4, stills/. */
export const DIFF_DIR = 'diff';

interface Side {
  state: SceneState | null;
  /** Frames and settings only (an unchanged scene needs no trace). */
  frames: Pick<SceneState, 'settings' | 'film' | 'metrics'> | null;
  film: string | null;
}

/**
 * `eye diff`: each scene's current proof against its baseline (the baseline files, or a render at
 * `--rev`). An unchanged scene (every frame hash the baseline's) costs one summary.json read; a changed
 * one has its trace's events matched, its numbers held to their allowances, and its film compared with
 * the baseline's frame by frame (SSIM), the baseline's film taken from the cache by its key, or from
 * the revision's render. Writes <proof>/diff/ (diff.json, review.mp4 of the changed stretches, stills)
 * whole, and returns the result and the exit code (1: a change beyond tolerance no baseline approves).
 */
export async function runDiff(names: readonly string[], o: DiffOptions): Promise<{ result: DiffResult; code: number }> {
  const say = o.progress ?? (() => undefined);
  const root = projectRoot();
  const inProof = provenScenes(o.proofDir);
  const scenes = names.length ? [...new Set(names)] : [...new Set([...(o.rev === undefined ? baselineScenes(o.baselineDir) : []), ...inProof])].sort();
  if (scenes.length === 0) throw new CliError(EXIT.badInput, `nothing to diff: no baseline in ${safeText(o.baselineDir)} and no rendered scene in ${safeText(o.proofDir)}`);
  // Every file is read and checked before any work: a bad baseline is exit 2 before a render.
  const baselines = new Map<string, Baseline | null>(scenes.map((s) => [s, readBaseline(o.baselineDir, s)]));
  const current = new Map<string, Side>(
    scenes.map((s) => {
      const dir = sceneFolder(o.proofDir, s);
      return [s, { state: null, frames: dir ? readSceneFrames(dir) : null, film: dir ? join(dir, 'film.mp4') : null }];
    }),
  );
  for (const s of scenes) {
    if (!baselines.get(s) && !current.get(s)!.frames && o.rev === undefined) throw new CliError(EXIT.badInput, `${safeText(s)}: neither a baseline in ${safeText(o.baselineDir)} nor a render in ${safeText(o.proofDir)}`);
  }
  sweepOwned(tmpdir(), RENDERS_TEMP);
  const work = mkdtempSync(join(tmpdir(), ownedPrefix('eye-diffrenders-')));
  const forget = onInterrupt(() => rmSync(work, { recursive: true, force: true }));
  try {
    const base = o.rev !== undefined ? await revisionSides(root, o.rev, scenes, current, work, o, say) : baselineSides(scenes, baselines);
    // Opened only for a changed scene's baseline film: an unchanged tree never touches the cache (opening one writes a probe).
    let store: ReturnType<typeof existingCache> | undefined;
    const cache = () => (store ??= o.rev === undefined ? existingCache(o.cacheDir) : null);
    let tools: PictureTools | null = null;
    const picture = async () => (tools ??= await (o.tools ?? (await import('./picture-tools.ts')).loadPictureTools)());

    const diffs: SceneDiff[] = [];
    const changedFilms: ChangedFilm[] = [];
    for (const scene of scenes) {
      const b = base.get(scene)!;
      const c = current.get(scene)!;
      const approval = baselines.get(scene) ?? null;
      const approved = !!(approval && c.frames && approval.film.digest === c.frames.film.digest && approval.why.trim() !== '');
      const empty: SceneDiff = { scene, verdict: 'unchanged', approved, why: approval?.why ?? null, firstDifferentFrame: null, events: { added: 0, removed: 0, moved: 0, list: [] }, metrics: [], stretches: [], reviewClip: null, reviewPoster: null, baselineStills: [], currentStills: [], minSsim: null, maxLocalDifference: null, notes: [] };
      if (!b.frames) {
        diffs.push({ ...empty, verdict: 'new', notes: [o.rev === undefined ? 'no baseline: eye approve it' : `not a scene at ${safeText(o.rev)}`] });
        continue;
      }
      if (!c.frames) {
        diffs.push({ ...empty, verdict: 'missing', approved: false, notes: [`not rendered in ${relative(process.cwd(), o.proofDir) || o.proofDir}`] });
        continue;
      }
      const quick = compareStates({ scene, events: [], ...b.frames }, { scene, events: [], ...c.frames });
      if (quick.sameFrames) {
        diffs.push(empty);
        continue;
      }
      // Changed: the events of both sides (the baseline's from its file, or the revision's trace), then the pictures.
      c.state = readSceneState(o.proofDir, scene);
      const cmp: StateComparison = compareStates(b.state!, c.state);
      const notes: string[] = cmp.settingsChanged.length ? [`settings changed: ${cmp.settingsChanged.join(', ')}: not the same film, not compared frame by frame`] : [];
      let ssim: number[] | null = null;
      let local: number[] | null = null;
      if (cmp.settingsChanged.length === 0) {
        const film = b.film ?? (await baselineFilm(root, approval!, cache(), o, work, say, notes));
        if (film && c.film && existsSync(c.film)) {
          // The current film is the proof's own: one linked from outside it is not decoded (nor shown in the clip).
          if (!isInside(realpathSync(o.proofDir), realpathSync(c.film))) throw new CliError(EXIT.badInput, `${safeText(c.film)}: a link to outside ${safeText(o.proofDir)}: not read (render the scene again)`);
          say(`${scene}: comparing its ${c.frames.settings.frames} frames with the baseline's (SSIM, local difference)`);
          const tools = await picture();
          const pair = { baselineFilm: film, currentFilm: c.film, ffmpegPath: o.ffmpegPath };
          ssim = (await tools.frameDifference(pair)).ssim;
          local = await tools.localDifference({ ...pair, sigmaPx: localSigmaPx(c.frames.settings.height) });
          changedFilms.push({ scene, baselineFilm: film, currentFilm: c.film, ssim, score: changeScore(ssim, local), fps: c.frames.settings.fps, width: c.frames.settings.width, height: c.frames.settings.height });
        }
      }
      const minSsim = ssim && ssim.length ? Math.min(...ssim) : null;
      const maxLocal = local && local.length ? Math.max(...local) : null;
      const stretches = ssim ? changedStretchesOf(await picture(), ssim, local, c.frames.settings.fps) : [];
      if (ssim === null && !notes.length) notes.push('no picture comparison: the frames differ, so the verdict is beyond');
      const count = (k: 'added' | 'removed' | 'moved') => cmp.events.filter((e) => e.change === k).length;
      diffs.push({
        ...empty,
        verdict: verdictOf(cmp, minSsim, maxLocal),
        firstDifferentFrame: cmp.firstDifferentFrame,
        events: { added: count('added'), removed: count('removed'), moved: count('moved'), list: cmp.events },
        metrics: cmp.metrics,
        stretches: stretches.map((s) => ({ startS: s.startS, endS: s.endS, minSsim: s.minSsim })),
        minSsim,
        maxLocalDifference: maxLocal,
        notes,
      });
    }
    const result: DiffResult = { schema: 'eye-diff/1', against: { kind: o.rev === undefined ? 'baseline' : 'rev', rev: o.rev ?? null }, scenes: diffs };
    await publishDiff(o, result, changedFilms, picture, say);
    return { result, code: diffs.some(needsApproval) ? EXIT.assertionFailed : EXIT.ok };
  } finally {
    forget();
    rmSync(work, { recursive: true, force: true });
  }
}

function baselineSides(scenes: readonly string[], baselines: Map<string, Baseline | null>): Map<string, Side> {
  return new Map(scenes.map((s) => {
    const b = baselines.get(s) ?? null;
    return [s, { state: b, frames: b, film: null }];
  }));
}

/**
 * The baseline's film: its cache entry (by the key it recorded, else any entry of the scene with its
 * frame digest), or a render of the commit it was approved at when that tree was clean (the render's
 * key holds the code, so this also fills the cache for the next diff). Null, said in a note, otherwise.
 */
async function baselineFilm(root: string, b: Baseline, store: ReturnType<typeof existingCache>, o: DiffOptions, work: string, say: (l: string) => void, notes: string[]): Promise<string | null> {
  const cached = filmInCache(store, b.scene, b.film.digest, b.filmKey);
  if (cached) return join(cached.dir, 'film.mp4');
  if (!o.renderBaseline || b.approvedAt.dirty || !b.approvedAt.commit) {
    notes.push(`the baseline's film is not in the cache${b.approvedAt.dirty ? ', and it was approved from a tree with uncommitted changes (its commit does not render it)' : o.renderBaseline ? '' : ' (--no-render-baseline)'}: no picture comparison`);
    return null;
  }
  const rev: Revision = { revision: b.approvedAt.commit, commit: b.approvedAt.commit.slice(0, 9) };
  const s = b.settings;
  say(`${b.scene}: the baseline's film is not in the cache: rendering it at ${rev.commit}`);
  const r = await renderAtRevision(root, rev, b.scene, ['--duration', String(s.durationS), '--size', `${s.width}x${s.height}`, '--fps', String(s.fps), '--seed', String(s.seed), '--jobs', '1', '--cache-dir', o.cacheDir], join(work, `baseline-${b.scene}`));
  const again = readSceneFrames(r.sceneDir);
  if (again.film.digest !== b.film.digest) {
    notes.push(`the baseline's commit ${rev.commit} renders other frames than the baseline records (another browser or encoder?): compared with that render`);
  }
  return join(r.sceneDir, 'film.mp4');
}

/**
 * `--rev`: the scenes as that commit renders them, each at the current proof's size, length and rate
 * (its own seed, as its own scene file says), in one temporary worktree per group of settings
 * (render-at-revision.ts, as eye compare --rev renders), sharing the cache.
 */
async function revisionSides(root: string, rev: string, scenes: readonly string[], current: Map<string, Side>, work: string, o: DiffOptions, say: (l: string) => void): Promise<Map<string, Side>> {
  const out = new Map<string, Side>(scenes.map((s) => [s, { state: null, frames: null, film: null }]));
  const groups = new Map<string, { args: string[]; scenes: string[]; revision: Revision }>();
  for (const scene of scenes) {
    const f = current.get(scene)!.frames;
    let revision: Revision;
    try {
      revision = await resolveRevision(root, rev, scene);
    } catch (err) {
      // A scene the revision does not have is new there; a revision that is not one is exit 2.
      if (err instanceof CliError && /has no scenes\//.test(err.message)) continue;
      throw err;
    }
    const args = f ? ['--duration', String(f.settings.durationS), '--size', `${f.settings.width}x${f.settings.height}`, '--fps', String(f.settings.fps)] : [];
    const key = args.join(' ');
    const g = groups.get(key) ?? { args, scenes: [], revision };
    g.scenes.push(scene);
    groups.set(key, g);
  }
  let n = 0;
  for (const g of groups.values()) {
    const dir = join(work, `rev-${n++}`);
    say(`rendering ${g.scenes.join(', ')} at ${g.revision.commit}${g.args.length ? ` (${g.args.join(' ')})` : ''}`);
    await renderAtRevision(root, g.revision, g.scenes[0], [...g.args, '--jobs', '1', '--cache-dir', o.cacheDir, ...g.scenes.slice(1)], dir);
    for (const s of g.scenes) out.set(s, { state: readSceneState(dir, s), frames: readSceneFrames(join(dir, s)), film: join(dir, s, 'film.mp4') });
  }
  return out;
}

/**
 * <proof>/diff/ made whole in a staging folder beside it and renamed into place: diff.json, the stills
 * of each changed stretch, and review.mp4 of the changed scenes' changed stretches only (none when no
 * picture changed: an old clip never outlives the diff that made it).
 */
async function publishDiff(o: DiffOptions, result: DiffResult, films: ChangedFilm[], picture: () => Promise<PictureTools>, say: (l: string) => void): Promise<void> {
  ensureOutDir(o.proofDir, '--proof-dir');
  sweepOwned(o.proofDir, OUT_TEMP);
  const target = join(o.proofDir, DIFF_DIR);
  const stage = mkdtempSync(join(o.proofDir, ownedPrefix(`.${DIFF_DIR}.tmp-`)));
  const forget = onInterrupt(() => rmSync(stage, { recursive: true, force: true }));
  const rel = (p: string) => relative(o.proofDir, join(target, relative(stage, p))).split('\\').join('/');
  try {
    const changed = films.filter((f) => (result.scenes.find((s) => s.scene === f.scene)?.stretches.length ?? 0) > 0);
    if (o.clip && changed.length > 0) {
      const tools = await picture();
      for (const f of changed) {
        const d = result.scenes.find((s) => s.scene === f.scene)!;
        const times = d.stretches.slice(0, MAX_STILLS).map((s) => worstTimeS(f.ssim, s, f.fps));
        const dir = join(stage, 'stills', f.scene);
        mkdirSync(dir, { recursive: true });
        d.baselineStills = (await tools.writeFilmStills({ film: f.baselineFilm, timesS: times, outDir: join(dir, 'baseline'), width: STILL_WIDTH_PX, ffmpegPath: o.ffmpegPath })).map(rel);
        d.currentStills = (await tools.writeFilmStills({ film: f.currentFilm, timesS: times, outDir: join(dir, 'current'), width: STILL_WIDTH_PX, ffmpegPath: o.ffmpegPath })).map(rel);
      }
      // One frame rate for the clip: the first changed scene's (scenes at another are listed, not shown).
      const fps = changed[0].fps;
      const shown = changed.filter((f) => f.fps === fps);
      for (const f of changed.filter((x) => x.fps !== fps)) result.scenes.find((s) => s.scene === f.scene)!.notes.push(`not in the review clip: ${f.fps} fps, the clip is ${fps}`);
      const first = shown[0];
      // Half the film's size a panel (even, for yuv420p): three panels of a 1280×720 film make a 1920-wide clip.
      const panelSize = { width: 2 * Math.round(first.width / 4), height: 2 * Math.round(first.height / 4) };
      say(`writing the review clip of ${shown.map((f) => f.scene).join(', ')}`);
      const clip = join(stage, 'review.mp4');
      const segments = await tools.writeReviewClip({
        out: clip,
        panelSize,
        fps,
        ffmpegPath: o.ffmpegPath,
        scenes: shown.map((f) => {
          const d = result.scenes.find((s) => s.scene === f.scene)!;
          return { scene: f.scene, baselineFilm: f.baselineFilm, currentFilm: f.currentFilm, stretches: d.stretches, labels: diffLabels(d) };
        }),
      });
      // Each scene's poster: the clip's frame where its first changed frame is (baseline | current | difference, labelled), so the report and the CI artifact show the change without playing the clip.
      const posterWidth = Math.min(POSTER_MAX_WIDTH_PX, 3 * panelSize.width);
      for (const [i, f] of shown.entries()) {
        const d = result.scenes.find((s) => s.scene === f.scene)!;
        d.reviewClip = `${DIFF_DIR}/review.mp4`;
        const seg = segments.find((s) => s.scene === f.scene);
        if (!seg) continue;
        const frame = posterClipFrame(seg, f.score);
        const [poster] = await tools.writeFilmStills({ film: clip, timesS: [frame / fps], outDir: join(stage, 'posters', f.scene), width: posterWidth, ffmpegPath: o.ffmpegPath });
        d.reviewPoster = rel(poster);
        if (i === 0) copyFileSync(poster, join(stage, CLIP_POSTER));
      }
    }
    writeFileAtomic(join(stage, 'diff.json'), `${JSON.stringify(result, null, 2)}\n`);
    publishDir(stage, target);
  } catch (err) {
    rmSync(stage, { recursive: true, force: true });
    throw err;
  } finally {
    forget();
  }
}

/**
 * The changed stretches: frames under the SSIM floor or past the local-difference limit, as the
 * picture side's changedStretches finds them from SSIM (a frame changed locally is given to it just
 * under the floor), each stretch's minSsim the real one over its frames.
 */
function changedStretchesOf(tools: PictureTools, ssim: readonly number[], local: readonly number[] | null, fps: number): { startS: number; endS: number; minSsim: number }[] {
  const score = changeScore(ssim, local);
  return tools.changedStretches(score, { fps, ssimMin: SSIM_FLOOR, contextS: STRETCH_CONTEXT_S }).map((st) => ({
    startS: st.startS,
    endS: st.endS,
    minSsim: Math.min(...ssim.slice(Math.max(0, st.startFrame), Math.min(ssim.length, st.endFrame + 1))),
  }));
}

/** Per frame, its SSIM, or just under the floor where its local difference is past the limit: below SSIM_FLOOR is a changed frame. */
function changeScore(ssim: readonly number[], local: readonly number[] | null): number[] {
  return ssim.map((s, i) => (local && local[i] > LOCAL_DIFFERENCE.levels ? Math.min(s, SSIM_FLOOR - 1e-6) : s));
}

/** The clip frame showing a scene's first changed frame within its first stretch (the stretch opens with context before it); the stretch's first frame when none scores under the floor. */
export function posterClipFrame(seg: ClipSegment, score: readonly number[]): number {
  for (let i = 0; i < seg.frames; i++) if ((score[seg.startFrame + i] ?? 1) < SSIM_FLOOR) return seg.clipStartFrame + i;
  return seg.clipStartFrame;
}

/** The stretch's time of its lowest SSIM (the frame a still shows best what changed), s. */
function worstTimeS(ssim: readonly number[], s: { startS: number; endS: number }, fps: number): number {
  const from = Math.max(0, Math.floor(s.startS * fps));
  const to = Math.min(ssim.length - 1, Math.ceil(s.endS * fps));
  let worst = from;
  for (let i = from; i <= to; i++) if (ssim[i] < ssim[worst]) worst = i;
  return worst / fps;
}
