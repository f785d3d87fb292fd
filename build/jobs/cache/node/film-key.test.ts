import { describe, expect, it } from 'vitest';
import { loadScene } from '../../../node/io/load-scene.ts';
import { cacheKey } from '../../../node/io/content-key.ts';
import { ffmpegArgs } from '../../../node/ffmpeg/ffmpeg-args.ts';
import { chunkKey, filmKey, FILM_ENCODING, type FilmCode, type FilmSettings } from './film-key.ts';

const scene = loadScene('tour');
const settings: FilmSettings = { pass: 'color', measure: { maskScale: 0.5 }, holdSpread: true, capture: 'auto', format: 'jpeg', chunkFrames: 300 };
const code: FilmCode = { renderer: 'r', node: 'n', browser: 'b', encoder: 'e' };
const digest = 'a'.repeat(64);
const span = { startFrame: 300, endFrame: 600, frameCount: 1800, warmupFrom: 285 };

describe('film and chunk keys', () => {
  it("a film's key is what it was before chunks had keys (the same parts: no film entry is orphaned by them)", () => {
    const { name: _n, ...shown } = scene;
    const { holdSpread: _h, ...drawn } = settings;
    const { jpegQuality, ...x264 } = FILM_ENCODING;
    const encode = ffmpegArgs({ width: scene.width, height: scene.height, fps: scene.fps, input: 'jpeg', ...x264 });
    const k = filmKey(scene, digest, settings, code);
    expect(k).toBe(cacheKey({ kind: 'film', feed: digest, scene: shown, settings: drawn, captureQuality: jpegQuality, encode, code }));
    // Its settings move it; its name and the verdict-only holdSpread do not.
    expect(filmKey({ ...scene, name: 'other' }, digest, { ...settings, holdSpread: false }, code)).toBe(k);
    expect(filmKey(scene, digest, { ...settings, chunkFrames: 200 }, code)).not.toBe(k);
  });

  it("a chunk's key holds the film key's non-stream parts, its span and the digest of the frames it draws", () => {
    const k = chunkKey(scene, span, digest, settings, code);
    expect(k).toMatch(/^[0-9a-f]{32}$/);
    expect(k).not.toBe(filmKey(scene, digest, settings, code));
    expect(chunkKey({ ...scene, name: 'label' }, span, digest, { ...settings, holdSpread: false }, code)).toBe(k);
    const moved = [
      chunkKey(scene, span, 'b'.repeat(64), settings, code),
      chunkKey(scene, { ...span, startFrame: 301 }, digest, settings, code),
      chunkKey(scene, { ...span, endFrame: 601 }, digest, settings, code),
      chunkKey(scene, { ...span, frameCount: 1801 }, digest, settings, code),
      chunkKey(scene, { ...span, warmupFrom: 240 }, digest, settings, code),
      chunkKey({ ...scene, width: 640 }, span, digest, settings, code),
      chunkKey(scene, span, digest, { ...settings, measure: null }, code),
      chunkKey(scene, span, digest, settings, { ...code, renderer: 'r2' }),
      chunkKey(scene, span, digest, settings, code, { ...FILM_ENCODING, crf: FILM_ENCODING.crf - 1 }),
    ];
    expect(new Set([k, ...moved]).size).toBe(moved.length + 1);
  });
});
