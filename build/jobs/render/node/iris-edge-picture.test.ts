import { describe, expect, it } from 'vitest';
import { PICTURE_LIMITS } from '../../../measure/picture/picture-limits.ts';
import { rendererPage } from '../../../testing/renderer-page.ts';

interface Run { xPx: number; y0Px: number; y1Px: number; lengthMm: number; stepLevels: number; geometry: boolean }

/**
 * The iris's pigment ruff through a coarse medium (eye.md §11). 2003-script failed `eye picture` at
 * frame 470 (yaw −1.28°, pitch −3.56°, pupil 2.86 mm): a 1.53-mm straight vertical edge at x 582, y
 * 501–544, 10 px left of the pupil's edge, where no mask class changes. The ruff's outer ring was a
 * 0.3-mm stroke with a hard rim, a circle 0.35 mm out from the pupil's, which 2003's 3-px blocks stack
 * into one column. Drawn as a soft falloff it has no rim to stack.
 */
const renderer = rendererPage('iris-edge', { widthPx: 1280, heightPx: 720 });

describe('the pupil\'s ruff through 3-px blocks (1280×720)', () => {
  for (const [era, yaw, pitch, pupilMm, tMs] of [
    ['2003', -1.2828745107220312, -3.5605174999476787, 2.8562679748489983, 15666.666666666666],
    ['2003', 0, 0, 2.86, 0],
    ['1970', -1.28, -3.56, 2.86, 0],
  ] as const) {
    it(`leaves no straight vertical edge over the cap off the mask's geometry: ${era}, yaw ${yaw.toFixed(2)}°, pupil ${pupilMm.toFixed(2)} mm`, async () => {
      const runs = await renderer.call<Run[]>('edgeRuns', era, yaw, pitch, pupilMm, tMs);
      const own = runs.filter((r) => !r.geometry);
      const msg = JSON.stringify(own);
      console.log(`iris edge ${era} ${yaw}: ${runs.length} runs over the cap, ${own.length} off the geometry ${msg}`);
      expect(own.every((r) => r.lengthMm <= PICTURE_LIMITS.maxVerticalEdgeMm), msg).toBe(true);
    }, 60_000);
  }
});
