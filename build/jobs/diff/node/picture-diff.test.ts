import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { changedStretches } from '../core/changed-stretches.ts';
import { EXIT } from '../../../errors/exit.ts';
import { tempDir } from '../../../testing/temp-dir.ts';
import { h264Mp4Options } from '../../../node/ffmpeg/ffmpeg-args.ts';
import { findFfmpeg } from '../../../node/ffmpeg/find-ffmpeg.ts';
import { writeFilmStills } from './film-stills.ts';
import { frameDifference } from './frame-difference.ts';
import { writeReviewClip } from './review-clip.ts';

// Tiny films from ffmpeg's lavfi: frame n is flat grey at luma 8·n (so a frame's index can be read
// back from its pixels), 160×90 at 10 fps, 30 frames. The "current" film draws a white box on frames
// 12–14 only: the one change the diff must find.
const W = 160;
const H = 90;
const FPS = 10;
const FRAMES = 30;
const { ffmpeg } = findFfmpeg();
const dir = tempDir('eye-diff-test-');
const film = (name: string, extra = '', size = `${W}x${H}`, frames = FRAMES, fps = FPS) => {
  const file = join(dir, `${name}.mp4`);
  const vf = `geq=lum='8*N':cb=128:cr=128${extra}`;
  execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=gray:s=${size}:r=${fps}`, '-vf', vf, '-frames:v', String(frames), ...h264Mp4Options({ threads: 1, preset: 'veryfast', crf: 18 }), file]);
  return file;
};
let baseline: string;
let current: string;

const caught = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err as Error & { exitCode?: number };
  }
  throw new Error('expected a rejection');
};

beforeAll(() => {
  baseline = film('baseline');
  current = film('current', ",drawbox=x=20:y=20:w=40:h=30:color=white:t=fill:enable='between(n,12,14)'");
});

describe('the picture diff on real films (ffmpeg)', () => {
  it('finds identical films identical: SSIM 1 and PSNR Infinity on every frame', async () => {
    const d = await frameDifference({ baselineFilm: baseline, currentFilm: baseline });
    expect(d.ssim).toEqual(Array(FRAMES).fill(1));
    expect(d.psnrDb).toEqual(Array(FRAMES).fill(Infinity));
  });

  it('finds the changed frames, and the changed stretch with its context', async () => {
    const d = await frameDifference({ baselineFilm: baseline, currentFilm: current });
    expect(d.ssim).toHaveLength(FRAMES);
    const changed = d.ssim.flatMap((v, i) => (v < 0.99 ? [i] : []));
    expect(changed).toEqual([12, 13, 14]);
    for (const i of changed) expect(d.psnrDb[i]).toBeLessThan(30);
    const stretches = changedStretches(d.ssim, { fps: FPS, ssimMin: 0.99, contextS: 0.2 });
    expect(stretches).toHaveLength(1);
    expect(stretches[0]).toMatchObject({ startFrame: 10, endFrame: 16, startS: 1, endS: 1.7 });
    expect(stretches[0].minSsim).toBeLessThan(0.97);
  });

  it('refuses films of another size, length or frame rate as bad input, and a missing film', async () => {
    const small = film('small', '', '120x90');
    const short = film('short', '', `${W}x${H}`, 20);
    const a = await caught(frameDifference({ baselineFilm: baseline, currentFilm: small }));
    expect(a.exitCode).toBe(EXIT.badInput);
    expect(a.message).toMatch(/differ in size: baseline 160x90, current 120x90/);
    const b = await caught(frameDifference({ baselineFilm: baseline, currentFilm: short }));
    expect(b.exitCode).toBe(EXIT.badInput);
    expect(b.message).toMatch(/differ in length: baseline 30 frames, current 20/);
    const faster = await caught(frameDifference({ baselineFilm: baseline, currentFilm: film('faster', '', `${W}x${H}`, FRAMES, 20) }));
    expect(faster.exitCode).toBe(EXIT.badInput);
    expect(faster.message).toMatch(/differ in frame rate: baseline 10 fps, current 20 fps/);
    const c = await caught(frameDifference({ baselineFilm: join(dir, 'nothing.mp4'), currentFilm: current }));
    expect(c.exitCode).toBe(EXIT.badInput);
    expect(c.message).toMatch(/no such file/);
  });

  it('writes a review clip of only the stretches, frame for frame, baseline | current | amplified difference', async () => {
    const out = join(dir, 'clips', 'review.mp4');
    const segments = await writeReviewClip({
      out,
      panelSize: { width: W, height: H },
      fps: FPS,
      scenes: [{ scene: 'tiny', baselineFilm: baseline, currentFilm: current, stretches: [{ startS: 1, endS: 1.7 }, { startS: 2.5, endS: 2.8 }], labels: ['SSIM min 0.8', 'a control character \u001b[31m is shown escaped, not refused by the SVG'] }],
    });
    // Where each stretch landed: the posters are cut from these frames.
    expect(segments).toEqual([
      { scene: 'tiny', clipStartFrame: 0, startFrame: 10, frames: 7 },
      { scene: 'tiny', clipStartFrame: 7, startFrame: 25, frames: 3 },
    ]);
    expect(readdirSync(join(dir, 'clips'))).toEqual(['review.mp4']);
    // Its luma plane as stored (yuv420p, no range conversion): 3 panels wide, the 24-px headings, the panels, a three-line label strip (66 px).
    const cw = 3 * W;
    const ch = 24 + H + 66;
    const raw = execFileSync(ffmpeg, ['-v', 'error', '-i', out, '-f', 'rawvideo', '-pix_fmt', 'yuv420p', 'pipe:1'], { maxBuffer: 1 << 26 });
    const frameBytes = (cw * ch * 3) / 2;
    expect(raw.length).toBe(10 * frameBytes);
    const lumaAt = (frame: number, x: number, y: number) => raw[frame * frameBytes + (24 + y) * cw + x];
    // The clip's frames are film frames 10–16, then 25–27.
    const filmFrames = [10, 11, 12, 13, 14, 15, 16, 25, 26, 27];
    for (const [i, n] of filmFrames.entries()) {
      // The baseline panel's grey says which film frame it is.
      expect(Math.abs(lumaAt(i, 120, 70) - 8 * n)).toBeLessThanOrEqual(3);
      // The current panel's box is there on film frames 12–14 only, and the difference panel shows it.
      const boxed = n >= 12 && n <= 14;
      expect(lumaAt(i, W + 40, 35) - lumaAt(i, 40, 35) > 50).toBe(boxed);
      expect(lumaAt(i, 2 * W + 40, 35) > 150).toBe(boxed);
      // Outside the box the films agree: the difference panel is dark.
      expect(lumaAt(i, 2 * W + 120, 70)).toBeLessThan(40);
    }
  });

  it('refuses a stretch past the film\'s end, films of two sizes and an odd panel, and leaves nothing behind', async () => {
    const out = join(dir, 'bad', 'review.mp4');
    const e = await caught(
      writeReviewClip({ out, panelSize: { width: W, height: H }, fps: FPS, scenes: [{ scene: 'tiny', baselineFilm: baseline, currentFilm: current, stretches: [{ startS: 2, endS: 3.5 }], labels: [] }] }),
    );
    expect(e.exitCode).toBe(EXIT.badInput);
    expect(e.message).toMatch(/ends after the film \(30 frames at 10 fps\)/);
    const small = film('small-2', '', '120x90');
    const sized = await caught(
      writeReviewClip({ out, panelSize: { width: W, height: H }, fps: FPS, scenes: [{ scene: 'tiny', baselineFilm: baseline, currentFilm: small, stretches: [{ startS: 1, endS: 2 }], labels: [] }] }),
    );
    expect(sized.exitCode).toBe(EXIT.badInput);
    expect(sized.message).toMatch(/tiny: the films differ in size \(baseline 160x90, current 120x90\)/);
    const odd = await caught(writeReviewClip({ out, panelSize: { width: 161, height: H }, fps: FPS, scenes: [] }));
    expect(odd.exitCode).toBe(EXIT.badInput);
    expect(existsSync(out)).toBe(false);
  });

  it('writes small WebP stills of the frames on screen at the given times', async () => {
    const stills = await writeFilmStills({ film: current, timesS: [1.25, 0, 1.25], outDir: join(dir, 'stills'), width: 80 });
    expect(stills.map((s) => s.slice(dir.length))).toEqual(['/stills/frame-000012.webp', '/stills/frame-000000.webp', '/stills/frame-000012.webp']);
    const meta = await sharp(stills[0]).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 80, 45]);
    // Frame 12 has the box (white, top left); frame 0 is black.
    const { data } = await sharp(stills[0]).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(data[15 * 80 + 20]).toBeGreaterThan(200);
    const first = await sharp(stills[1]).greyscale().raw().toBuffer();
    expect(first[15 * 80 + 20]).toBeLessThan(40);
    const late = await caught(writeFilmStills({ film: current, timesS: [4], outDir: join(dir, 'stills'), width: 80 }));
    expect(late.exitCode).toBe(EXIT.badInput);
  });
});
