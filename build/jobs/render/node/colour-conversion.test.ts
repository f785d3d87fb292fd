import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSettings } from '../../../scene/parse.ts';
import { bundlePage } from '../../../node/browser/bundle-page.ts';
import { convertFrame } from './convert-frame.ts';
import { COLOUR_FILTERS } from '../../../node/ffmpeg/ffmpeg-args.ts';
import { findBrowser } from '../../../node/browser/find-browser.ts';
import { findFfmpeg } from '../../../node/ffmpeg/find-ffmpeg.ts';
import { launchEyeBrowser, type EyeBrowser } from '../../../node/browser/launch-eye-browser.ts';
import { loadScene } from '../../../node/io/load-scene.ts';
import { yuv420Difference, type PlaneDifference } from '../core/yuv420-difference.ts';

/**
 * The film's colour conversion moved from swscale's accurate_rnd+full_chroma_int to zimg. Proof on
 * real frames (the canvas's JPEG, as the film receives them; 1970's saturated terminal and 2026's
 * skin): the two conversions' yuv420p, before x264, agree within a level in luma everywhere; in chroma
 * within a level on all but a sliver of samples at saturated edges (measured 1280×720: ≤ 0.2 %, ≤ 3 levels).
 *
 * That sliver is swscale's, not zimg's: for RGB in and 4:2:0 out swscale reads chroma from pairs of
 * pixels averaged (its half-resolution chroma input); given full-resolution chroma input
 * (full_chroma_inp) it differs from itself by the same 3 levels on the same edges, and zimg agrees
 * with that variant within 1 level on all but ~0.05 % of the 1970 frame's V samples (measured at
 * 1280×720: V max 2). The matrix is the same (luma within 1 everywhere); the edge filter differs.
 */
const W = 640;
const H = 360;
const ffmpeg = findFfmpeg().ffmpeg;
let browser: EyeBrowser;
const frames: Record<string, Buffer> = {};

beforeAll(async () => {
  await bundlePage();
  browser = await launchEyeBrowser({ executable: findBrowser(), capture: 'canvas', format: 'jpeg', width: W, height: H });
  for (const name of ['1970-script', '2026-script']) {
    await browser.load(withSettings(loadScene(name), { width: W, height: H, durationS: 2 }), 'color');
    for (let f = 1; f < 30; f++) await browser.goToFrame(f);
    frames[name] = await browser.frame(30);
  }
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

const within = (d: PlaneDifference[]) => {
  const [y, u, v] = d;
  return y.maxAbs <= 1 && [u, v].every((c) => c.maxAbs <= 3 && c.overOneShare <= 0.005);
};

describe('zscale vs swscale on captured frames', () => {
  it('has both filters in this ffmpeg', () => {
    expect(COLOUR_FILTERS.zscale).toContain('zscale');
  });

  for (const name of ['1970-script', '2026-script']) {
    it(`${name}: luma within 1 level everywhere, chroma within 1 level on ≥ 99.5 % of samples`, () => {
      const d = yuv420Difference(convertFrame(ffmpeg, frames[name], 'jpeg', COLOUR_FILTERS.zscale), convertFrame(ffmpeg, frames[name], 'jpeg', COLOUR_FILTERS.swscale), W, H);
      process.stderr.write(`${name}: ${d.map((p) => `${p.plane} max ${p.maxAbs}, >1 on ${(p.overOneShare * 100).toFixed(3)} %`).join('; ')}\n`);
      expect(d[0].maxAbs).toBeLessThanOrEqual(1);
      expect(within(d), JSON.stringify(d)).toBe(true);
    });
  }

  it("the sliver is swscale's half-resolution chroma input: swscale with full-resolution input differs from today's as much", () => {
    const fullInput = COLOUR_FILTERS.swscale.replace('full_chroma_int', 'full_chroma_int+full_chroma_inp');
    const today = convertFrame(ffmpeg, frames['1970-script'], 'jpeg', COLOUR_FILTERS.swscale);
    const swsSelf = yuv420Difference(convertFrame(ffmpeg, frames['1970-script'], 'jpeg', fullInput), today, W, H);
    const zimg = convertFrame(ffmpeg, frames['1970-script'], 'jpeg', COLOUR_FILTERS.zscale);
    const zimgVsFull = yuv420Difference(zimg, convertFrame(ffmpeg, frames['1970-script'], 'jpeg', fullInput), W, H);
    const zimgVsToday = yuv420Difference(zimg, today, W, H);
    process.stderr.write(`1970-script: swscale full-res input vs today's: ${swsSelf.map((p) => `${p.plane} max ${p.maxAbs}`).join(', ')}; zimg vs full-res input: ${zimgVsFull.map((p) => `${p.plane} max ${p.maxAbs}, >1 on ${(p.overOneShare * 100).toFixed(3)} %`).join('; ')}\n`);
    // swscale against itself: as far off in chroma as zimg is from it, luma identical.
    expect(swsSelf[0].maxAbs).toBe(0);
    expect(Math.max(swsSelf[1].maxAbs, swsSelf[2].maxAbs)).toBeGreaterThanOrEqual(Math.max(zimgVsToday[1].maxAbs, zimgVsToday[2].maxAbs) - 1);
    // zimg against the full-resolution variant: closer than against today's.
    expect(zimgVsFull[2].overOneShare).toBeLessThanOrEqual(zimgVsToday[2].overOneShare);
    expect(zimgVsFull.every((p) => p.overOneShare <= 0.001)).toBe(true);
  });

  it('would catch a wrong conversion: zimg straight from the JPEG (no RGB clamp) misses on the 1970 frame', () => {
    const unclamped = `zscale=matrix=709:range=tv:filter=bicubic:param_a=0:param_b=0.6:chromal=center,format=yuv420p`;
    const d = yuv420Difference(convertFrame(ffmpeg, frames['1970-script'], 'jpeg', unclamped), convertFrame(ffmpeg, frames['1970-script'], 'jpeg', COLOUR_FILTERS.swscale), W, H);
    expect(within(d)).toBe(false);
  });
});
