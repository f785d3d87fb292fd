import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { stepsAtFrame, stepTimeMs } from '../../../model/time/clock.ts';
import { tempDir } from '../../../testing/temp-dir.ts';
import { findFfmpeg } from '../../../node/ffmpeg/find-ffmpeg.ts';
import { evenlySpaced } from '../core/frame-spec.ts';
import { sheetLayout } from './sheet-layout.ts';
import { SYNTH, encodeSyntheticFilm, readFrameIndex } from '../../../testing/synthetic-film.ts';
import { BLINK_STRIP, SCENE_SHEET, writeStills, type StillsIndex } from './write-stills.ts';

const FRAMES = 30;
const scene = join(tempDir('stills-'), 'synthetic');
const ffmpeg = findFfmpeg();

/** trace.json as `eye render` writes it (the parts stills read), with one of each moment at a known frame. */
function traceJson(): string {
  const steps = stepsAtFrame(FRAMES, SYNTH.fps) + 1;
  const s = (frame: number) => stepsAtFrame(frame, SYNTH.fps);
  const col = (base: number, at: Record<number, number>) => Array.from({ length: steps }, (_, i) => at[i] ?? base);
  return JSON.stringify({
    scene: { name: 'synthetic', fps: SYNTH.fps },
    columns: {
      tMs: Array.from({ length: steps }, (_, i) => stepTimeMs(i)),
      pitchDeg: col(0, { [s(9)]: -6, [s(18)]: 5 }),
      apertureMm: col(10.65, { [s(3)]: 6, [s(4)]: 1, [s(5)]: 5, [s(24)]: 7 }),
      browLiftMm: col(0, { [s(27)]: 1.5 }),
    },
    events: [
      { kind: 'saccade', startMs: 380, endMs: 420, amplitudeDeg: 7, corrective: false, cause: 'script' },
      { kind: 'blink', startMs: 90, endMs: 180, depth: 1, partial: false, doubleSecond: false, evoked: false },
      { kind: 'blink', startMs: 780, endMs: 830, depth: 0.4, partial: true, doubleSecond: false, evoked: false },
    ],
  });
}

let index: StillsIndex;
beforeAll(async () => {
  mkdirSync(scene);
  await encodeSyntheticFilm(ffmpeg.ffmpeg, join(scene, 'film.mp4'), FRAMES);
  writeFileSync(join(scene, 'trace.json'), traceJson());
  index = await writeStills(scene, ffmpeg);
});

const raw = async (file: string) => {
  const { data, info } = await sharp(join(scene, 'stills', file)).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

describe('writeStills', () => {
  it('writes the sheet, one PNG per moment found, the blink strip and index.json, and nothing else', () => {
    expect(readdirSync(join(scene, 'stills')).sort()).toEqual(['brow-highest.png', 'down-gaze.png', 'first-blink.png', 'index.json', 'mid-saccade.png', 'partial-blink.png', 'sheet.png', 'up-gaze.png']);
    expect(readdirSync(scene).filter((f) => f.startsWith('.'))).toEqual([]);
    expect(JSON.parse(readFileSync(join(scene, 'stills', 'index.json'), 'utf8'))).toEqual(index);
    expect(index).toMatchObject({ film: 'film.mp4', fps: 30, frames: FRAMES, width: SYNTH.width, height: SYNTH.height });
  });

  it('each named still is the film\'s frame of that moment, full size', async () => {
    const want = { 'mid-saccade': 12, 'down-gaze': 9, 'up-gaze': 18, 'partial-blink': 24, 'brow-highest': 27 } as const;
    for (const [name, frame] of Object.entries(want)) {
      const entry = index.stills.find((m) => m.name === name)!;
      expect(entry).toMatchObject({ found: true, frame, file: `${name}.png` });
      const img = await raw(`${name}.png`);
      expect([img.width, img.height]).toEqual([SYNTH.width, SYNTH.height]);
      expect(readFrameIndex(img.data, img.width)).toBe(frame);
    }
  });

  it('the first blink is a strip of its frames with an open frame either side', async () => {
    const entry = index.stills.find((m) => m.name === 'first-blink')!;
    expect(entry).toMatchObject({ found: true, kind: 'strip', frames: [2, 3, 4, 5, 6], frame: 4 });
    const layout = sheetLayout({ count: 5, columns: BLINK_STRIP.columns, tileWidth: BLINK_STRIP.tileWidth, frameWidth: SYNTH.width, frameHeight: SYNTH.height, labelLines: 2, title: true });
    const img = await raw('first-blink.png');
    expect([img.width, img.height]).toEqual([layout.width, layout.height]);
    layout.cells.forEach((c, i) => expect(readFrameIndex(img.data, img.width, c.x, c.y, BLINK_STRIP.tileWidth / SYNTH.width)).toBe(2 + i));
  });

  it('the contact sheet holds evenly spaced frames in order', async () => {
    const frames = evenlySpaced(SCENE_SHEET.count, FRAMES);
    expect(index.sheet.frames).toEqual(frames);
    const layout = sheetLayout({ count: frames.length, columns: SCENE_SHEET.columns, tileWidth: SCENE_SHEET.tileWidth, frameWidth: SYNTH.width, frameHeight: SYNTH.height, labelLines: 1, title: true });
    const img = await raw('sheet.png');
    expect([img.width, img.height]).toEqual([layout.width, layout.height]);
    layout.cells.forEach((c, i) => expect(readFrameIndex(img.data, img.width, c.x, c.y, SCENE_SHEET.tileWidth / SYNTH.width)).toBe(frames[i]));
  });

  it('replaces an earlier stills folder whole, with the same bytes for the same film', async () => {
    const before = ['sheet.png', 'first-blink.png', 'mid-saccade.png'].map((f) => readFileSync(join(scene, 'stills', f)));
    writeFileSync(join(scene, 'stills', 'stale.png'), 'old');
    await writeStills(scene, ffmpeg);
    expect(existsSync(join(scene, 'stills', 'stale.png'))).toBe(false);
    const after = ['sheet.png', 'first-blink.png', 'mid-saccade.png'].map((f) => readFileSync(join(scene, 'stills', f)));
    after.forEach((b, i) => expect(b.equals(before[i])).toBe(true));
  });
});
