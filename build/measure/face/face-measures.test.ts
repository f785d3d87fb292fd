import { describe, expect, it } from 'vitest';
import { browAfterLanding } from './brow-after-landing.ts';
import { frameStability } from './frame-stability.ts';
import { pairedGapsMs } from './paired-gaps.ts';
import { risingOnsetsMs } from './rising-onsets.ts';

const STEP_MS = 1000 / 240;
const times = (n: number) => Float64Array.from({ length: n }, (_, i) => i * STEP_MS);

describe('face measures', () => {
  it("finds a program's pulse onset, not a mood's slow ease", () => {
    const t = times(480);
    // A pulse at 500 ms rising at λ 21.5 toward 0.6, on top of a mood easing in at λ 3 toward 0.2 from 0.
    const col = Float64Array.from(t, (ms) => 0.2 * (1 - Math.exp(-3 * (ms / 1000))) + (ms >= 500 ? 0.6 * (1 - Math.exp(-21.5 * ((ms - 500) / 1000 + STEP_MS / 1000))) : 0));
    const on = risingOnsetsMs(t, col);
    expect(on).toHaveLength(1);
    expect(Math.abs(on[0] - 500)).toBeLessThan(STEP_MS + 1e-9);
    // A bad input: a threshold under the mood's ease takes the ease for a program.
    expect(risingOnsetsMs(t, col, 0.1)[0]).toBeLessThan(100);
  });

  it('pairs each lead with the first follower inside the window', () => {
    expect(pairedGapsMs([100, 1000, 2000], [150, 1400, 2040], 150)).toEqual([50, 40]);
  });

  it("reads the brow's onset after a landing and the head-to-tail order from the node columns", () => {
    const t = times(240);
    const onsetAt = [120, 132.5, 145, 157.5, 170];
    const nodes = onsetAt.map((o) => Float64Array.from(t, (ms) => (ms >= 100 + o ? (ms - 100 - o) * 0.01 : 0)));
    const [a] = browAfterLanding(t, nodes, [100]);
    expect(a.nodeDelaysMs.map((d) => Math.round(d))).toEqual([121, 133, 146, 158, 171]);
    // A brow already moving at the landing is no answer.
    const moving = nodes.map((c) => Float64Array.from(c, (v, i) => v + i * 1e-3));
    expect(browAfterLanding(t, moving, [100])).toHaveLength(0);
  });

  it('catches a spring that shakes at the frame rate (flipping sign every frame at its clamp)', () => {
    const frames = Array.from({ length: 60 }, (_, f) => f * 16);
    const shaking = Float64Array.from({ length: 60 * 16 }, (_, i) => (Math.floor(i / 16) % 2 === 0 ? 0.25 : -0.25));
    expect(frameStability(shaking, frames).longestFlipRun).toBeGreaterThan(50);
    const calm = Float64Array.from({ length: 60 * 16 }, (_, i) => Math.sin((2 * Math.PI * 3.4 * i) / 240) * Math.exp(-i / 240));
    expect(frameStability(calm, frames).longestFlipRun).toBeLessThanOrEqual(1);
  });
});
