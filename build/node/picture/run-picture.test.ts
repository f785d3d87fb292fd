import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topRowsBrow } from '../../measure/picture/top-rows-brow.ts';
import type { PictureReport } from '../../measure/picture/picture-report.ts';
import { PICTURE_LIMITS } from '../../measure/picture/picture-limits.ts';
import { withSettings } from '../../scene/parse.ts';
import { findBrowser } from '../find-browser.ts';
import { launchEyeBrowser, type EyeBrowser } from '../launch-eye-browser.ts';
import { loadScene } from '../load-scene.ts';
import { runPicture } from './run-picture.ts';

/*
 * TODAY'S RENDERER FAILS THE PICTURE TEST, and this test says so: it renders the blink the review
 * found (2026-script, 1280×720, seed 1, frames 24–58) and asserts that each of the three checks
 * FAILS, with the defects where the review saw them (hard shadow edges at the eye's corners,
 * x ≈ 231 and 1066; a slab hanging below the lid during the blink; the brow in the top rows).
 * When the renderer rewrite lands, turn `expect(...pass).toBe(false)` into `.toBe(true)` (and drop
 * the "where" assertions): then it is the passing test of eye.md §11.
 */
describe('the picture test on a real rendered blink of TODAY\'S renderer (expected to FAIL)', () => {
  const browsers: EyeBrowser[] = [];
  let report: PictureReport;
  beforeAll(async () => {
    const scene = withSettings(loadScene('2026-script'), { durationS: 2, width: 1280, height: 720, seed: 1 });
    const launch = async () => {
      const b = await launchEyeBrowser({ executable: findBrowser(), capture: 'screenshot', format: 'png', width: 1280, height: 720 });
      browsers.push(b);
      return b;
    };
    report = await runPicture(scene, { color: await launch(), mask: await launch() }, { stride: 6, maskStride: 30 });
  });
  afterAll(async () => {
    await Promise.all(browsers.map((b) => b.close()));
  });

  it('finds the blink and its open frame', () => {
    expect(report.blinks.episodes.length).toBeGreaterThan(0);
    expect(report.blinks.episodes[0].refFrame).toBeLessThan(report.blinks.episodes[0].firstFrame);
  });

  it('FAILS on a straight vertical edge over 1.5 mm at an eye corner', () => {
    expect(report.edges.pass).toBe(false);
    const e = report.edges.worst!;
    expect(e.lengthMm).toBeGreaterThan(PICTURE_LIMITS.maxVerticalEdgeMm);
    expect(Math.min(Math.abs(e.xPx - 231), Math.abs(e.xPx - 1066))).toBeLessThan(3);
  });

  it('FAILS on the skin outside the outline changing during the blink', () => {
    expect(report.blinks.pass).toBe(false);
    expect(report.blinks.worstMaxLevels).toBeGreaterThan(PICTURE_LIMITS.skinChangeMaxLevels);
  });

  it('FAILS on brow hair in the top rows', () => {
    expect(report.topRows.pass).toBe(false);
    expect(report.topRows.worstHairScore).toBeGreaterThan(PICTURE_LIMITS.hairScoreMax);
  });

  it('the hair test reads today\'s frame as brow in the top rows, and the same frame with its brow 3 mm lower as clear', async () => {
    const color = browsers[0];
    await color.goToFrame(report.frames - 1);
    const { data, info } = await sharp(await color.grab(report.frames - 1)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const frame = { width: info.width, height: info.height, data: new Uint8Array(data) };
    const ppm = report.pxPerMm;
    expect(topRowsBrow(frame, ppm).brow).toBe(true);
    // Move everything down by 3 mm and fill the top with the plain forehead skin from 2.5–5.5 mm down.
    const shift = Math.round(3 * ppm);
    const row = info.width * 4;
    const lower = new Uint8Array(data.length);
    lower.set(frame.data.subarray(0, (info.height - shift) * row), shift * row);
    lower.set(frame.data.subarray(Math.round(2.5 * ppm) * row, (Math.round(2.5 * ppm) + shift) * row), 0);
    const moved = topRowsBrow({ width: info.width, height: info.height, data: lower }, ppm);
    expect(moved.brow).toBe(false);
    expect(moved.hairScore).toBeLessThan(PICTURE_LIMITS.hairScoreMax / 3);
  });

  it('and so the scene fails', () => {
    expect(report.pass).toBe(false);
  });
});
