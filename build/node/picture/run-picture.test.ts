import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('and so the scene fails', () => {
    expect(report.pass).toBe(false);
  });
});
