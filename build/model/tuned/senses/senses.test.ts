import { describe, expect, it } from 'vitest';
import type { PointerKey } from '../../../scene/scene.ts';
import { emptyPointerSample, PointerTrack } from '../../pointer/pointer-track.ts';
import { isDart, Senses, type SenseEvent } from './senses.ts';

const move = (tS: number, xR: number, yR = 0): PointerKey => ({ tS, xR, yR, kind: 'move' });
const press = (tS: number, xR: number, yR = 0): PointerKey => ({ tS, xR, yR, kind: 'press' });
const leave = (tS: number): PointerKey => ({ tS, xR: 0, yR: 0, kind: 'leave' });

/** The senses over a track, stepped at 240 Hz for `s` seconds. */
function sense(keys: PointerKey[], s: number): SenseEvent[] {
  const track = new PointerTrack(keys);
  const senses = new Senses();
  const p = emptyPointerSample();
  const out: SenseEvent[] = [];
  for (let i = 0; i <= s * 240; i++) senses.step((i * 1000) / 240, track.sampleAt((i * 1000) / 240, p), out);
  return out;
}

describe('senses', () => {
  it('a dart closes > 7 R/s inside 2 R on a course within 0.6 R of the middle', () => {
    expect(isDart(1.5, 0, -10, 0)).toBe(true);
    expect(isDart(1.5, 0.5, -10, 0)).toBe(true);
    expect(isDart(1.5, 0.7, -10, 0)).toBe(false); // passes 0.7 R from the middle
    expect(isDart(2.5, 0, -10, 0)).toBe(false); // not inside 2 R
    expect(isDart(1.5, 0, -6, 0)).toBe(false); // too slow
    expect(isDart(1.5, 0, 10, 0)).toBe(false); // going away
  });

  it('a dart scene is a dart, once; a brisk glide passing outside 0.6 R is not', () => {
    const dart = sense([move(0, 4, 0), move(1, 4, 0), move(1.5, -4, 0.2)], 2).filter((e) => e.sense === 'dart');
    expect(dart).toHaveLength(1);
    expect(dart[0].atMs).toBeGreaterThan(1000);
    const brisk = sense([move(0, 4, 1), move(1, 4, 1), move(1.5, -4, 1)], 2).filter((e) => e.sense === 'dart');
    expect(brisk).toHaveLength(0);
  });

  it('a press reports a move in place: a poke near the eye, a press far off, and never an arrival', () => {
    const e = sense([move(0, 1, 0), move(4, 1, 0), press(4.5, 1, 0), move(5, 3, 0), press(5.5, 3, 0)], 6);
    expect(e.map((x) => x.sense)).toEqual(['arrive', 'poke', 'arrive', 'press']);
    // The second arrival is the glide after the press, once it has gone 0.08 R (0.04 s at 4 R/s).
    expect(e[2].atMs).toBeGreaterThan(4500 + 15);
    const still = sense([move(0, 1, 0), move(4, 1, 0), press(4.5, 1, 0), press(5, 1, 0)], 6).map((x) => x.sense);
    expect(still).toEqual(['arrive', 'poke', 'poke']);
  });

  it('an arrival needs a move over 0.08 R after being idle', () => {
    const small = sense([move(0, 1, 0), move(4, 1, 0), move(4.5, 1.05, 0)], 5).filter((e) => e.sense === 'arrive');
    expect(small).toHaveLength(1);
    const far = sense([move(0, 1, 0), move(4, 1, 0), move(4.5, 1.5, 0)], 5).filter((e) => e.sense === 'arrive');
    expect(far).toHaveLength(2);
  });

  it('leaving and returning', () => {
    const e = sense([move(0, 1, 0), leave(1), move(3, -1, 1)], 4).map((x) => x.sense);
    expect(e).toEqual(['arrive', 'leave', 'return']);
  });
});
