import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS } from '../../measure/params.ts';
import { faceAssertions, lashAssertions } from './check-face.ts';
import { simulate } from '../../model/player.ts';
import { stepsAtFrame } from '../../model/time/clock.ts';
import { parseScene } from '../../scene/parse.ts';

describe("eye check's face (eye.md §7)", () => {
  it('every face assertion holds on the model, measured from the trace', () => {
    const all = faceAssertions(DEFAULT_PARAMS);
    expect(all.length).toBeGreaterThanOrEqual(40);
    expect(all.filter((a) => !a.pass).map((a) => `${a.scene}: ${a.name} ${a.value}`)).toEqual([]);
  }, 60_000);
});

describe('the lashes at 15 fps (eye.md §6)', () => {
  const scene = parseScene({ era: '1995', mode: 'script', seed: 1 }, 'test', 'lashes-1995');
  const trace = simulate(scene, 30);
  const frames = Array.from({ length: 30 * 15 }, (_, f) => stepsAtFrame(f, 15));
  it('the lag spring stays bounded and never shakes frame to frame', () => {
    const [bounded, flips] = lashAssertions('lashes-1995', trace, frames);
    expect(bounded.pass && flips.pass, `${bounded.value} rad, flip run ${flips.value}`).toBe(true);
  });
  it('an unstable spring constant (20 Hz: ω·dt ≈ 2.1 with 4 substeps at 15 fps) fails both', () => {
    const [bounded, flips] = lashAssertions('lashes-1995', trace, frames, 20);
    expect([bounded.pass, flips.pass], `${bounded.value} rad, flip run ${flips.value}`).toEqual([false, false]);
  });
});
