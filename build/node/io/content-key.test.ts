import { describe, expect, it } from 'vitest';
import { parseScene } from '../../scene/parse.ts';
import { cacheKey, KEY_HEX_DIGITS } from './content-key.ts';
import { FILM_ENCODING, filmKey, type FilmCode, type FilmEncoding, type FilmSettings } from '../../jobs/cache/node/film-key.ts';
import { JPEG_QUALITY } from '../browser/capture-frame.ts';
import { ffmpegArgs } from '../ffmpeg/ffmpeg-args.ts';

const scene = parseScene({ era: '1970', mode: 'script', seed: 7, durationS: 2 }, 'test.json', 'test');
const settings: FilmSettings = { pass: 'color', measure: { maskScale: 0.5 }, holdSpread: true, capture: 'auto', format: 'jpeg', chunkFrames: 0 };
const feed = 'f'.repeat(64);
const code: FilmCode = { renderer: 'r'.repeat(64), node: 'n'.repeat(64), browser: 'Chromium 156.0.8078.114', encoder: 'ffmpeg version 5.1.9' };

describe('cacheKey', () => {
  it('is the same for the same data whatever the order of its fields, and hex of the stated length', () => {
    const a = cacheKey({ x: 1, y: [1, 2, { p: 'q', r: null }] });
    expect(a).toMatch(new RegExp(`^[0-9a-f]{${KEY_HEX_DIGITS}}$`));
    expect(cacheKey({ y: [1, 2, { r: null, p: 'q' }], x: 1 })).toBe(a);
    expect(cacheKey({ x: 1, y: [2, 1, { p: 'q', r: null }] })).not.toBe(a);
  });

  it('refuses what JSON would silently change (NaN, Infinity, functions), naming the field', () => {
    expect(() => cacheKey({ a: { b: NaN } })).toThrow(/key\.a\.b is NaN/);
    expect(() => cacheKey({ a: [Infinity] })).toThrow(/key\.a\[0\] is Infinity/);
    expect(() => cacheKey({ f: () => 1 })).toThrow(/key\.f is a function/);
  });
});

describe('filmKey', () => {
  const base = filmKey(scene, feed, settings, code);

  it('is stable for the same scene, settings and code', () => {
    expect(filmKey(structuredClone(scene), feed, { ...settings }, { ...code })).toBe(base);
  });

  it('changes with every field of the resolved scene', () => {
    const changes: Partial<typeof scene>[] = [
      { era: '1981' }, { mode: 'rest' }, { preset: 'generic' }, { durationS: 3 }, { fps: 60 }, { width: 640 }, { height: 360 },
      { seed: 8 }, { calm: !scene.calm }, { reducedMotion: true }, { pointer: [{ tS: 1, xR: 1, yR: 0, kind: 'move' }] },
      { tour: [{ era: '1970', atS: 0 }] }, { overrides: { fixMs: 400 } },
    ];
    const keys = changes.map((c) => filmKey({ ...scene, ...c }, feed, settings, code));
    expect(keys.filter((k) => k === base)).toEqual([]);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('changes with the sample stream, and not with the name (a label) or whether the spread is held (a verdict, made again on restore)', () => {
    expect(filmKey(scene, 'e'.repeat(64), settings, code)).not.toBe(base);
    expect(filmKey({ ...scene, name: 'other' }, feed, settings, code)).toBe(base);
    expect(filmKey(scene, feed, { ...settings, holdSpread: false }, code)).toBe(base);
  });
  it('changes with every setting that reaches the pixels (pass, measuring, capture, format) and every piece of code', () => {
    const s: Partial<FilmSettings>[] = [{ pass: 'mask' }, { measure: null }, { measure: { maskScale: 0.25 } }, { capture: 'screenshot' }, { format: 'png' }, { chunkFrames: 300 }];
    const c: Partial<FilmCode>[] = [{ renderer: 'c'.repeat(64) }, { node: 'm'.repeat(64) }, { browser: 'Chromium 157' }, { encoder: 'ffmpeg version 6.1' }];
    const keys = [...s.map((x) => filmKey(scene, feed, { ...settings, ...x }, code)), ...c.map((x) => filmKey(scene, feed, settings, { ...code, ...x }))];
    expect(keys.filter((k) => k === base)).toEqual([]);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("changes with every capture and encode setting (the JPEG's quality, x264's preset, CRF and threads, the colour conversion), and the default is what a render uses", () => {
    // The render's encoder takes ffmpegArgs' defaults and its capture JPEG_QUALITY: the key's default encoding is exactly those.
    expect(FILM_ENCODING.jpegQuality).toBe(JPEG_QUALITY);
    const { jpegQuality: _q, ...x264 } = FILM_ENCODING;
    const frame = { width: 1280, height: 720, fps: 30, input: 'jpeg' as const };
    expect(ffmpegArgs({ ...frame, ...x264 })).toEqual(ffmpegArgs(frame));
    expect(filmKey(scene, feed, settings, code, { ...FILM_ENCODING })).toBe(base);
    const e: Partial<FilmEncoding>[] = [{ jpegQuality: 90 }, { preset: 'superfast' }, { preset: 'ultrafast' }, { crf: 17 }, { threads: 0 }, { conversion: 'swscale' }];
    const keys = e.map((x) => filmKey(scene, feed, settings, code, { ...FILM_ENCODING, ...x }));
    expect(keys.filter((k) => k === base)).toEqual([]);
    expect(new Set(keys).size).toBe(keys.length);
    // A PNG capture is lossless: its quality does not reach the film, so it does not split the key.
    const png = { ...settings, format: 'png' as const };
    expect(filmKey(scene, feed, png, code, { ...FILM_ENCODING, jpegQuality: 90 })).toBe(filmKey(scene, feed, png, code));
  });
});
