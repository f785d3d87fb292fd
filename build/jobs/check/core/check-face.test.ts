import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS } from '../../../measure/params.ts';
import { faceAssertions, lashAssertions, pursuitAssertions } from './check-face.ts';
import { pursuitIn, type Physiology } from './check-physiology.ts';
import { simulate } from '../../../model/player.ts';
import { stepsAtFrame } from '../../../model/time/clock.ts';
import { parseScene } from '../../../scene/parse.ts';

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

describe('catch-up saccades only past catchUp (eye.md §2), from the trace', () => {
  const held = (overrides = {}) =>
    pursuitAssertions({ pursuit: (['1970', '2026'] as const).map((era) => pursuitIn(era, DEFAULT_PARAMS, overrides)) } as Physiology).filter((a) => a.metric.startsWith('catchUpMinErrorDeg'));
  it('the tuned eye: every saccade during the glides starts past its era\'s catchUp (within the drift)', () => {
    const a = held();
    expect(a.map((x) => [x.scene, x.pass])).toEqual([
      ['pursuit-1970', true],
      ['pursuit-2026', true],
    ]);
    expect(a.every((x) => x.note!.includes('saccades detected'))).toBe(true);
  });
  it('an eye that fires early (catchUp 1° in 1970, 0.5° in 2026) fails', () => {
    const early = [
      ...pursuitAssertions({ pursuit: [pursuitIn('1970', DEFAULT_PARAMS, { catchUpDeg: 1 })] } as Physiology),
      ...pursuitAssertions({ pursuit: [pursuitIn('2026', DEFAULT_PARAMS, { catchUpDeg: 0.5 })] } as Physiology),
    ].filter((a) => a.metric.startsWith('catchUpMinErrorDeg'));
    expect(early.map((x) => x.pass)).toEqual([false, false]);
  });
});
