import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stepsAtFrame } from '../../../model/time/clock.ts';
import type { TruthEvent } from '../../../model/types.ts';
import type { FfmpegTools } from '../../../node/ffmpeg/find-ffmpeg.ts';
import { decodeFrames, type RgbFrame } from './decode-frames.ts';
import { evenlySpaced, formatSeconds } from '../core/frame-spec.ts';
import { pickMoments, type Moment, type MomentTrace } from '../core/moments.ts';
import { openFilm } from './open-film.ts';
import { SheetBuilder } from './sheet-builder.ts';
import { stillPng } from './still-png.ts';

/** A scene's contact sheet: this many frames, this many to a row, each tile this wide. */
export const SCENE_SHEET = { count: 24, columns: 6, tileWidth: 320 } as const;
/** The blink strip: consecutive frames in rows of at most this many (a long blink wraps), tiles this wide. */
export const BLINK_STRIP = { columns: 12, tileWidth: 240 } as const;

/** stills/index.json: what each picture is. */
export interface StillsIndex {
  about: string;
  film: string;
  fps: number;
  frames: number;
  width: number;
  height: number;
  frameRule: string;
  sheet: { file: string; frames: number[]; columns: number; tileWidth: number };
  stills: (Moment & { file: string | null })[];
}

/**
 * Write `<sceneDir>/stills/`: a contact sheet of the film, one PNG per named moment (the blink as a
 * strip), and index.json saying what each is. Everything is decoded from the encoded film.mp4 — what a
 * viewer sees, after the encoder — and picked from trace.json beside it, in one ffmpeg pass. The folder
 * is made under a temporary name and renamed when whole.
 */
export async function writeStills(sceneDir: string, ffmpeg: FfmpegTools, filmName = 'film.mp4'): Promise<StillsIndex> {
  const film = await openFilm(ffmpeg.ffprobe, join(sceneDir, filmName));
  const trace = JSON.parse(readFileSync(join(sceneDir, 'trace.json'), 'utf8')) as {
    scene: { name: string; fps: number };
    columns: MomentTrace['columns'] & { apertureMm: number[] };
    events: TruthEvent[];
  };
  if (Math.abs(trace.scene.fps - film.fps) > 1e-6) throw new Error(`${sceneDir}: trace.json is at ${trace.scene.fps} fps, ${filmName} at ${film.fps}`);
  const clock = { fps: film.fps, frames: film.frames };
  const moments = pickMoments(trace, clock);
  const sheetFrames = evenlySpaced(SCENE_SHEET.count, film.frames);

  const stills = moments.filter((m) => m.found && m.kind === 'still');
  const strip = moments.find((m) => m.found && m.kind === 'strip');
  const sheet = new SheetBuilder(
    { count: sheetFrames.length, columns: SCENE_SHEET.columns, tileWidth: SCENE_SHEET.tileWidth, frameWidth: film.width, frameHeight: film.height, labelLines: 1, title: true },
    `${trace.scene.name} · ${film.frames} frames ${film.width}x${film.height} @ ${+film.fps.toFixed(3)} fps`,
  );
  const stripBuilder =
    strip && strip.found
      ? new SheetBuilder(
          {
            count: strip.frames.length,
            columns: BLINK_STRIP.columns,
            tileWidth: BLINK_STRIP.tileWidth,
            frameWidth: film.width,
            frameHeight: film.height,
            labelLines: 2,
            title: true,
          },
          `${trace.scene.name} · first blink, frames ${strip.frames[0]}-${strip.frames[strip.frames.length - 1]}`,
        )
      : null;

  const out = join(sceneDir, `.stills.tmp-${process.pid}`);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out);
  try {
    const wanted = new Set<number>([...sheetFrames, ...moments.flatMap((m) => (m.found ? m.frames : []))]);
    const apertureAt = (n: number) => trace.columns.apertureMm[stepsAtFrame(n, film.fps)];
    await decodeFrames({ ffmpegPath: ffmpeg.ffmpeg, film: film.file, width: film.width, height: film.height, colorSpace: film.colorSpace, colorRange: film.colorRange, frames: [...wanted].sort((a, b) => a - b) }, async (f: RgbFrame) => {
      const label = `F${f.frame} ${formatSeconds((f.frame * 1000) / film.fps)}`;
      const i = sheetFrames.indexOf(f.frame);
      if (i >= 0) await sheet.add(i, f, [label]);
      if (stripBuilder && strip?.found) {
        const j = strip.frames.indexOf(f.frame);
        if (j >= 0) await stripBuilder.add(j, f, [label, `AP ${apertureAt(f.frame).toFixed(2)}MM`]);
      }
      for (const m of stills) if (m.found && m.frame === f.frame) writeFileSync(join(out, `${m.name}.png`), await stillPng(f));
    });
    writeFileSync(join(out, 'sheet.png'), await sheet.png());
    if (stripBuilder && strip) writeFileSync(join(out, `${strip.name}.png`), await stripBuilder.png());
    const index: StillsIndex = {
      about: `Stills decoded from ${filmName} (the encoded film, as a viewer sees it) with ffmpeg and written with sharp; moments picked from trace.json.`,
      film: filmName,
      fps: film.fps,
      frames: film.frames,
      width: film.width,
      height: film.height,
      frameRule:
        'Frame n shows the model at n / fps (it draws 240 Hz step floor(n · 240 / fps)). A moment is the frame whose drawn sample is the extreme; a time t maps to frame round(t · fps).',
      sheet: { file: 'sheet.png', frames: sheetFrames, columns: SCENE_SHEET.columns, tileWidth: SCENE_SHEET.tileWidth },
      stills: moments.map((m) => ({ ...m, file: m.found ? `${m.name}.png` : null })),
    };
    writeFileSync(join(out, 'index.json'), `${JSON.stringify(index, null, 2)}\n`);
    const target = join(sceneDir, 'stills');
    rmSync(target, { recursive: true, force: true });
    renameSync(out, target);
    return index;
  } catch (err) {
    rmSync(out, { recursive: true, force: true });
    throw err;
  }
}
