import { copyFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { findFfmpeg } from '../../node/ffmpeg/find-ffmpeg.ts';
import { decodeFrames } from '../../jobs/stills/node/decode-frames.ts';
import { evenlySpaced } from '../../jobs/stills/core/frame-spec.ts';
import { sheetLayout } from '../../jobs/stills/node/sheet-layout.ts';
import { SYNTH, encodeSyntheticFilm, readFrameIndex } from '../../testing/synthetic-film.ts';
import { stepTimeMs } from '../../model/time/clock.ts';
import { tempDir } from '../../testing/temp-dir.ts';
import { CliError } from '../../errors/exit.ts';
import type { LookResult } from '../../jobs/stills/node/run-look.ts';
import { parseOptions } from '../option-spec.ts';
import { buildProgram } from '../main.ts';
import { LOOK_OPTIONS, lookAtFilm } from './look.ts';

/** The flags as commander hands them over (text), through look's one declaration, as the CLI parses them. */
type LookFlags = Record<string, string | boolean>;
const look = (file: string, flags: LookFlags) => lookAtFilm(file, parseOptions(LOOK_OPTIONS, flags));

const FRAMES = 45;
const dir = tempDir('look-');
const film = join(dir, 'film.mp4');
const ffmpeg = findFfmpeg();

beforeAll(async () => {
  await encodeSyntheticFilm(ffmpeg.ffmpeg, film, FRAMES);
});

const raw = async (file: string) => {
  const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
};
/** A still, sheet or strip of the test film (not --moments). */
const pic = async (flags: LookFlags) => (await look(film, flags)) as LookResult;
const exitOf = async (flags: LookFlags, file = film): Promise<{ code: number; message: string }> => {
  try {
    await look(file, flags);
  } catch (err) {
    if (err instanceof CliError) return { code: err.exitCode, message: err.message };
    throw err;
  }
  return { code: 0, message: '' };
};

describe('eye look --at', () => {
  it('writes exactly the frame a time falls on, round(t · fps), not its neighbour', async () => {
    // 16 ms → 0.48 → frame 0; 17 ms → 0.51 → frame 1; 0.5 s → 15; frame:44 is the last.
    for (const [at, frame] of [['16ms', 0], ['17ms', 1], ['0.5s', 15], ['1.1s', 33], ['frame:44', 44], ['frame:7', 7]] as const) {
      const out = join(dir, `at-${frame}.png`);
      const r = await pic({ at, out });
      expect(r.out).toBe(out);
      expect(r.frames).toEqual([{ frame, tMs: (frame * 1000) / SYNTH.fps }]);
      expect(r.request?.frame).toBe(frame);
      const img = await raw(out);
      expect([img.width, img.height, img.channels]).toEqual([SYNTH.width, SYNTH.height, 3]);
      expect(readFrameIndex(img.data, img.width)).toBe(frame);
    }
  });

  it('gives the film\'s own pixels: byte for byte the frame a whole-film decode gives, colours as encoded', async () => {
    const all: Buffer[] = [];
    await decodeFrames(
      { ffmpegPath: ffmpeg.ffmpeg, film, width: SYNTH.width, height: SYNTH.height, colorSpace: 'bt709', colorRange: 'tv', frames: Array.from({ length: FRAMES }, (_, k) => k) },
      (f) => void all.push(f.rgb),
    );
    expect(all.map((b) => readFrameIndex(b, SYNTH.width))).toEqual(Array.from({ length: FRAMES }, (_, k) => k));
    const img = await raw((await pic({ at: 'frame:30', out: join(dir, 'f30.png') })).out);
    expect(img.data.equals(all[30])).toBe(true);
    expect(img.data.equals(all[29])).toBe(false);
    // The skin patch comes back within 3 levels per channel (BT.709 in both directions, limited range).
    const i = ((SYNTH.height * 3) / 4 * SYNTH.width + (SYNTH.width * 3) / 4) * 3;
    const got = [img.data[i], img.data[i + 1], img.data[i + 2]];
    got.forEach((v, c) => expect(Math.abs(v - SYNTH.patch[c])).toBeLessThanOrEqual(3));
  });

  it('writes beside the film by default and says which frame', async () => {
    const r = await pic({ at: '1s' });
    expect(r.out).toBe(join(dir, 'film.frame-30.png'));
    expect(existsSync(r.out)).toBe(true);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp'))).toEqual([]);
  });
});

describe('eye look --sheet and --strip', () => {
  it('lays N evenly spaced frames on a sheet of the computed size, each tile the right frame', async () => {
    const r = await pic({ sheet: true, count: '7', columns: '3', tileWidth: '80', out: join(dir, 'sheet.png') });
    const layout = sheetLayout({ count: 7, columns: 3, tileWidth: 80, frameWidth: SYNTH.width, frameHeight: SYNTH.height, labelLines: 1, title: true });
    const img = await raw(r.out);
    expect([img.width, img.height]).toEqual([layout.width, layout.height]);
    expect([r.outWidth, r.outHeight]).toEqual([layout.width, layout.height]);
    const frames = evenlySpaced(7, FRAMES);
    expect(frames).toEqual([0, 7, 15, 22, 29, 37, 44]);
    expect(r.frames.map((f) => f.frame)).toEqual(frames);
    layout.cells.forEach((c, i) => expect(readFrameIndex(img.data, img.width, c.x, c.y, 80 / SYNTH.width)).toBe(frames[i]));
  });

  it('a strip is every frame from FROM to TO, in order', async () => {
    const r = await pic({ strip: '0.3s..frame:14', tileWidth: '80', columns: '4', out: join(dir, 'strip.png') });
    expect(r.frames.map((f) => f.frame)).toEqual([9, 10, 11, 12, 13, 14]);
    const layout = sheetLayout({ count: 6, columns: 4, tileWidth: 80, frameWidth: SYNTH.width, frameHeight: SYNTH.height, labelLines: 1, title: true });
    const img = await raw(r.out);
    expect([img.width, img.height]).toEqual([layout.width, layout.height]);
    layout.cells.forEach((c, i) => expect(readFrameIndex(img.data, img.width, c.x, c.y, 0.5)).toBe(9 + i));
  });
});

describe('eye look: bad input is exit 2 with a reason', () => {
  it('names the allowed range for a time outside the film', async () => {
    const past = await exitOf({ at: '1.5s' });
    expect(past.code).toBe(2);
    expect(past.message).toContain('frame 45, past the film\'s end: frames 0 to 44 at 30 fps, times 0s to 1.467s');
    expect((await exitOf({ at: '-0.01s' })).message).toContain('before the film');
    expect((await exitOf({ at: 'frame:45' })).code).toBe(2);
    expect((await exitOf({ at: '3' })).message).toContain('expected a time or a frame, like 3.4s, 3400ms or frame:102');
    expect((await exitOf({ strip: '1s..0.5s' })).message).toContain('before it starts');
  });

  it('refuses a missing file, a folder, a file that is not a video, and unclear requests', async () => {
    expect(await exitOf({ at: '1s' }, join(dir, 'nope.mp4'))).toEqual({ code: 2, message: `no film at ${join(dir, 'nope.mp4')}` });
    expect((await exitOf({ at: '1s' }, dir)).message).toContain('is a folder, not a film');
    const text = join(dir, 'notes.mp4');
    writeFileSync(text, 'not a film at all\n');
    const notVideo = await exitOf({ at: '1s' }, text);
    expect(notVideo.code).toBe(2);
    expect(notVideo.message).toContain('not a video ffprobe can read');
    expect((await exitOf({})).message).toContain('say what to look at');
    expect((await exitOf({ at: '1s', sheet: true })).message).toContain('one of --at, --sheet, --strip, --moments at a time');
    expect((await exitOf({ sheet: true, count: '0' })).code).toBe(2);
    expect((await exitOf({ at: '1s', out: join(dir, 'x.jpg') })).message).toContain('name it *.png');
    expect((await exitOf({ at: '1s', out: join(dir, 'no-such-folder', 'x.png') })).message).toContain('no folder');
  });

  it('no ffmpeg is an environment error (exit 3)', async () => {
    const saved = process.env.FFMPEG_PATH;
    process.env.FFMPEG_PATH = join(dir, 'no-ffmpeg');
    try {
      expect(await exitOf({ at: '1s' })).toMatchObject({ code: 3 });
    } finally {
      if (saved === undefined) delete process.env.FFMPEG_PATH;
      else process.env.FFMPEG_PATH = saved;
    }
  });
});

describe('eye look --moments', () => {
  it('remakes a rendered scene\'s stills/ from its film and trace.json; without a fitting trace it is exit 2', async () => {
    const scene = join(dir, 'scene');
    mkdirSync(scene);
    const sceneFilm = join(scene, 'film.mp4');
    copyFileSync(film, sceneFilm);
    expect((await exitOf({ moments: true }, sceneFilm)).message).toContain('--moments needs the trace.json eye render writes beside its film');
    const steps = Math.floor((FRAMES * 240) / SYNTH.fps) + 1;
    const flat = (v: number) => Array.from({ length: steps }, () => v);
    const trace = (fps: number) => JSON.stringify({ scene: { name: 'synthetic', fps }, columns: { tMs: Array.from({ length: steps }, (_, i) => stepTimeMs(i)), pitchDeg: flat(0), apertureMm: flat(10.65), browLiftMm: flat(0) }, events: [] });
    writeFileSync(join(scene, 'trace.json'), trace(60));
    expect((await exitOf({ moments: true }, sceneFilm)).message).toContain('is at 60 fps but');
    writeFileSync(join(scene, 'trace.json'), '{"scene":');
    expect((await exitOf({ moments: true }, sceneFilm)).message).toContain('not JSON');
    writeFileSync(join(scene, 'trace.json'), trace(30));
    const r = await look(sceneFilm, { moments: true });
    expect(r.out).toBe(join(scene, 'stills'));
    expect(readdirSync(r.out).sort()).toEqual(['down-gaze.png', 'index.json', 'sheet.png', 'up-gaze.png']);
    expect((await exitOf({ moments: true, out: join(dir, 'm.png') }, sceneFilm)).message).toContain('takes no --out');
  });
});

describe('eye look: one declaration for --help and parsing', () => {
  it('the tile flags default by mode (sheet 6 × 24, strip 12 per row, 320 px) and stay unset for --at and --moments', () => {
    const tiles = (flags: LookFlags) => {
      const o = parseOptions(LOOK_OPTIONS, flags);
      return [o.columns, o.count, o.tileWidth];
    };
    expect(tiles({ sheet: true })).toEqual([6, 24, 320]);
    expect(tiles({ strip: '0s..1s' })).toEqual([12, undefined, 320]);
    expect(tiles({ at: '1s' })).toEqual([undefined, undefined, undefined]);
    expect(tiles({ moments: true })).toEqual([undefined, undefined, undefined]);
    // A strip's row may hold all its frames, a sheet's at most 100.
    expect(tiles({ strip: '0s..1s', columns: '120' })).toEqual([120, undefined, 320]);
    expect(() => parseOptions(LOOK_OPTIONS, { sheet: true, columns: '120' })).toThrow('--columns: expected an integer from 1 to 100, got "120"');
    expect(() => parseOptions(LOOK_OPTIONS, { strip: '0s..1s', columns: '121' })).toThrow('--columns: expected an integer from 1 to 120, got "121"');
    expect(() => parseOptions(LOOK_OPTIONS, { sheet: true, tileWidth: '8' })).toThrow('--tile-width: expected an integer from 16 to 1920, got "8"');
  });

  it('--help states each default from the same declaration', () => {
    const help = buildProgram().commands.find((c) => c.name() === 'look')!.helpInformation();
    expect(help).toContain('(default: 6 for a sheet, 12 for a strip)');
    expect(help).toMatch(/--count <n>\s+frames on a sheet, 1 to 400 \(default: 24\)/);
    expect(help).toMatch(/--tile-width <px>[^]*\(default: 320\)/);
  });
});
