import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PictureReport } from '../../../measure/picture/picture-report.ts';
import { PICTURE_LIMITS } from '../../../measure/picture/picture-limits.ts';
import { withSettings } from '../../../scene/parse.ts';
import { findBrowser } from '../../../node/browser/find-browser.ts';
import { launchEyeBrowser, type EyeBrowser } from '../../../node/browser/launch-eye-browser.ts';
import { loadScene } from '../../../node/io/load-scene.ts';
import { pictureScene } from './picture-scene.ts';

/*
 * The picture test on a real rendered blink (2026-script, 1280×720, seed 1, frames 0–59): every
 * check of eye.md §11 holds on the renderer. Before the rewrite this same test asserted that all three
 * FAILED (hard shadow edges at the eye's corners, x ≈ 231 and 1066, 1.8–2.5 mm; a slab hanging below
 * the lid during the blink; the brow in the top rows); the synthetic tests beside the checkers keep
 * those failures reproducible (vertical-edges, blink-skin-change, top-rows-brow).
 */
describe('the picture test on a real rendered blink', () => {
  const browsers: EyeBrowser[] = [];
  let report: PictureReport;
  beforeAll(async () => {
    const scene = withSettings(loadScene('2026-script'), { durationS: 2, width: 1280, height: 720, seed: 1 });
    const launch = async () => {
      const b = await launchEyeBrowser({ executable: findBrowser(), capture: 'screenshot', format: 'png', width: 1280, height: 720 });
      browsers.push(b);
      return b;
    };
    report = await pictureScene(scene, { color: await launch(), mask: await launch() }, { stride: 6, maskStride: 30 });
  });
  afterAll(async () => {
    await Promise.all(browsers.map((b) => b.close()));
  });

  it('finds the blink and its open frame', () => {
    expect(report.blinks.episodes.length).toBeGreaterThan(0);
    expect(report.blinks.episodes[0].refFrame).toBeLessThan(report.blinks.episodes[0].firstFrame);
  });

  it('no straight vertical edge over 1.5 mm in any frame', () => {
    expect(report.edges.pass).toBe(true);
    expect(report.edges.worst!.lengthMm).toBeLessThanOrEqual(PICTURE_LIMITS.maxVerticalEdgeMm);
  });

  it('the skin outside the outline stays as it was through the blink', () => {
    expect(report.blinks.pass).toBe(true);
    expect(report.blinks.worstMaxLevels).toBeLessThanOrEqual(PICTURE_LIMITS.skinChangeMaxLevels);
  });

  it('no brow hair in the top rows', () => {
    expect(report.topRows.pass).toBe(true);
    expect(report.topRows.worstHairScore).toBeLessThanOrEqual(PICTURE_LIMITS.hairScoreMax);
  });

  it('and so the scene passes', () => {
    expect(report.pass).toBe(true);
  });
});
