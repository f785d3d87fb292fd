import { describe, expect, it } from 'vitest';
import { PICTURE_LIMITS } from '../../../measure/picture/picture-limits.ts';
import { Player } from '../../../model/player.ts';
import { loadScene } from '../../../node/io/load-scene.ts';
import { rendererPage } from '../../../testing/renderer-page.ts';

interface Run { xPx: number; y0Px: number; y1Px: number; lengthMm: number; stepLevels: number; geometry: boolean }

/**
 * The pupil's ruff through a coarse medium (eye.md §11): `eye picture`'s edge check on single frames.
 * 2003-script failed at frame 470: a 1.53-mm straight vertical edge at x 582, y 501–544, 10 px left of
 * the pupil's edge, where no mask class changes: the ruff's outer ring, a 0.3-mm stroke with a hard
 * rim 0.35 mm out, stacked by 2003's 3-px blocks into one column. Drawn instead as a smooth shade
 * falling off over 0.45 mm, 1991-script failed at frame 492 (1.53 mm at x 622, y 488–531, 0.3 mm out
 * from the pupil: the falloff's steepest ring through 2-px blocks). The ruff is now only the thin rim
 * at the pupil's edge. Each frame's sample is the scene's own (simulated in Node), drawn in the page.
 */
const renderer = rendererPage('iris-edge', { widthPx: 1280, heightPx: 720 });

const check = (runs: Run[]) => {
  const own = runs.filter((r) => !r.geometry);
  const msg = JSON.stringify(own);
  expect(own.every((r) => r.lengthMm <= PICTURE_LIMITS.maxVerticalEdgeMm), msg).toBe(true);
};

describe('the pupil\'s ruff through 2- and 3-px blocks (1280×720)', () => {
  for (const [name, frame] of [
    ['2003-script', 470],
    ['1991-script', 492],
  ] as const) {
    it(`leaves no straight vertical edge over the cap off the mask's geometry: ${name} frame ${frame}`, async () => {
      const s = new Player(loadScene(name)).goToFrame(frame);
      check(await renderer.call<Run[]>('sampleEdgeRuns', s));
    }, 60_000);
  }

  it('nor at rest, in 2003 and 1970 (3-px blocks) and 1991 (2-px), at three pupils', async () => {
    for (const era of ['2003', '1970', '1991'] as const) {
      for (const pupilMm of [2.6, 3.5, 5]) check(await renderer.call<Run[]>('edgeRuns', era, 0, 0, pupilMm, 0));
    }
  }, 120_000);
});
