import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CliError, EXIT } from '../../../errors/exit.ts';
import { safeText } from '../../../errors/safe-text.ts';
import { ensureOutDir } from '../../../node/io/ensure-out-dir.ts';
import { outputFile } from '../../../node/io/contain.ts';
import { onInterrupt } from '../../../node/io/interrupt.ts';
import { OUT_TEMP, sweepOwned } from '../../../node/io/owned-temp.ts';
import { filmVerdict } from '../../../node/ffmpeg/film-verdict.ts';
import { probeFilm } from '../../../node/ffmpeg/probe-film.ts';
import { diffTools, framesOf, probeInput, runFfmpeg, withTempDir } from './diff-tools.ts';
import { concatArgs, concatList, DIFFERENCE_GAIN, reviewClipArgs, reviewClipSize, type ReviewSegment } from './review-clip-args.ts';
import { reviewOverlay } from './review-overlay.ts';

/** The headings strip above the panels, px. */
const HEADER_HEIGHT_PX = 24;
/** One line of the label strip under the panels, px (the strip is this per line, at least two lines). */
const LABEL_LINE_PX = 22;

const HEADINGS = ['baseline', 'current', `difference ×${DIFFERENCE_GAIN}`] as const;

/** Seconds as the labels show them: two decimals (a frame at 30 fps is 0.033 s). */
const seconds = (s: number) => s.toFixed(2);

/** Where one stretch landed in the review clip: the clip's frames [clipStartFrame, clipStartFrame + frames) are the films' [startFrame, startFrame + frames). */
export interface ClipSegment {
  scene: string;
  clipStartFrame: number;
  startFrame: number;
  frames: number;
}

/**
 * The review clip: one H.264 film of only the given stretches, scene after scene, each shown as
 * baseline | current | difference (×DIFFERENCE_GAIN) side by side with the scene, its time range
 * and the caller's label lines written under it. A stretch's times are turned into whole frames
 * (startS·fps rounded, endS·fps rounded, at least one frame). Both films of a scene must be at `fps`
 * and hold the stretch (exit 2 otherwise). Each stretch is composed on its own (its memory is two
 * decoders and an encoder, however many stretches there are) and the parts joined by stream copy.
 * Published whole or not at all: joined into a staged file beside `out`, checked with ffprobe as a
 * film is, then renamed over it. Returns where each stretch landed in it (for its posters).
 */
export async function writeReviewClip(opts: {
  out: string;
  panelSize: { width: number; height: number };
  fps: number;
  scenes: { scene: string; baselineFilm: string; currentFilm: string; stretches: { startS: number; endS: number }[]; labels: string[] }[];
  ffmpegPath?: string;
}): Promise<ClipSegment[]> {
  const out = outputFile(opts.out);
  if (!out.endsWith('.mp4')) throw new CliError(EXIT.badInput, `review clip ${safeText(out)}: expected a file name ending in .mp4`);
  const { fps, panelSize } = opts;
  if (!Number.isInteger(fps) || fps < 1 || fps > 240) throw new CliError(EXIT.badInput, `fps ${fps}: expected an integer from 1 to 240`);
  const { width: w, height: h } = panelSize;
  if (![w, h].every((v) => Number.isInteger(v) && v >= 16 && v <= 4096 && v % 2 === 0)) {
    throw new CliError(EXIT.badInput, `panel size ${w}x${h}: expected even integers from 16 to 4096 (yuv420p halves the chroma)`);
  }
  const tools = diffTools(opts.ffmpegPath);
  const planned: { scene: string; baselineFilm: string; currentFilm: string; startFrame: number; frames: number; lines: string[] }[] = [];
  for (const s of opts.scenes) {
    if (s.stretches.length === 0) continue;
    const scene = safeText(s.scene);
    const films = await Promise.all([probeInput(tools.ffprobe, s.baselineFilm, `${scene}: baseline film`), probeInput(tools.ffprobe, s.currentFilm, `${scene}: current film`)]);
    for (const f of films) {
      if (f.probe.fps !== fps) throw new CliError(EXIT.badInput, `${scene}: ${safeText(f.path)} is at ${f.probe.fps} fps, the clip at ${fps}`);
    }
    const [b, c] = films.map((f) => f.probe);
    // The difference is taken pixel for pixel, before either film is scaled to the panel.
    if (b.width !== c.width || b.height !== c.height) throw new CliError(EXIT.badInput, `${scene}: the films differ in size (baseline ${b.width}x${b.height}, current ${c.width}x${c.height})`);
    const filmFrames = Math.min(...films.map((f) => framesOf(f.probe)));
    for (const st of s.stretches) {
      if (!Number.isFinite(st.startS) || !Number.isFinite(st.endS) || st.startS < 0 || st.endS <= st.startS) {
        throw new CliError(EXIT.badInput, `${scene}: stretch ${st.startS}–${st.endS} s: expected 0 ≤ start < end`);
      }
      const startFrame = Math.round(st.startS * fps);
      const endFrame = Math.max(startFrame + 1, Math.round(st.endS * fps));
      if (endFrame > filmFrames) throw new CliError(EXIT.badInput, `${scene}: stretch ${seconds(st.startS)}–${seconds(st.endS)} s ends after the film (${filmFrames} frames at ${fps} fps)`);
      planned.push({
        scene: s.scene,
        baselineFilm: films[0].path,
        currentFilm: films[1].path,
        startFrame,
        frames: endFrame - startFrame,
        // Control characters shown as escapes (safeText): they are not text, and XML refuses most of them.
        lines: [`${s.scene} · ${seconds(startFrame / fps)}–${seconds(endFrame / fps)} s (frames ${startFrame}–${endFrame - 1})`, ...s.labels].map(safeText),
      });
    }
  }
  if (planned.length === 0) throw new CliError(EXIT.badInput, 'review clip: no stretch to show');
  const labelHeightPx = 2 * Math.ceil((LABEL_LINE_PX * Math.max(2, ...planned.map((p) => p.lines.length))) / 2);
  const layout = { panelSize, headerHeightPx: HEADER_HEIGHT_PX, labelHeightPx };
  const size = reviewClipSize(layout);
  const outDir = dirname(out);
  ensureOutDir(outDir);
  sweepOwned(outDir, OUT_TEMP);
  // Staged beside its final name, named as OUT_TEMP sweeps it when a killed run leaves it.
  const staged = join(outDir, `.${basename(out)}.tmp-${process.pid}`);
  const removeStaged = () => rmSync(staged, { force: true });
  const frames = planned.reduce((n, p) => n + p.frames, 0);
  const forget = onInterrupt(removeStaged);
  try {
    await withTempDir(async (dir) => {
      // One segment at a time (two decoders and an encoder), then joined by stream copy.
      const parts: string[] = [];
      for (const [i, p] of planned.entries()) {
        const overlay = join(dir, `overlay-${i}.png`);
        writeFileSync(overlay, await reviewOverlay({ ...layout, headings: HEADINGS, lines: p.lines }));
        const segment: ReviewSegment = { baselineFilm: p.baselineFilm, currentFilm: p.currentFilm, overlay, startFrame: p.startFrame, frames: p.frames };
        const part = join(dir, `segment-${i}.mp4`);
        await runFfmpeg(tools.ffmpeg, reviewClipArgs({ ...layout, segments: [segment], fps, output: part }), `composing the review clip (${safeText(p.scene)}, frames ${p.startFrame}–${p.startFrame + p.frames - 1})`);
        parts.push(part);
      }
      const list = join(dir, 'segments.txt');
      writeFileSync(list, concatList(parts));
      await runFfmpeg(tools.ffmpeg, concatArgs(list, staged, frames), 'joining the review clip\'s segments');
    });
    const verdict = filmVerdict(await probeFilm(tools.ffprobe, staged), { ...size, fps, frames });
    if (!verdict.ok) {
      throw new CliError(EXIT.internal, `the review clip is not a proper film: ${verdict.checks.filter((c) => !c.pass).map((c) => `${c.name} ${c.got} (expected ${c.expected})`).join(', ')}`);
    }
    renameSync(staged, out);
    let at = 0;
    return planned.map((p) => {
      const seg = { scene: p.scene, clipStartFrame: at, startFrame: p.startFrame, frames: p.frames };
      at += p.frames;
      return seg;
    });
  } finally {
    forget();
    removeStaged();
  }
}
