import { describe, expect, it } from 'vitest';
import { LOSS_BLINK_MAX_MS, LOSS_BLINK_MIN_MS, lossBlinks } from './loss-blinks.ts';

/** 500 Hz, 4 s, the gaze lost over each [from, to) ms; the pupil falling into each loss over 30 ms and rising out over 60. */
function recording(losses: [number, number][], withPupil: boolean) {
  const n = 2000;
  const tMs = Float64Array.from({ length: n }, (_, i) => i * 2);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const pupil = new Float64Array(n).fill(1000);
  for (let i = 0; i < n; i++) {
    const t = tMs[i];
    for (const [a, b] of losses) {
      if (t >= a && t < b) x[i] = y[i] = pupil[i] = NaN;
      else if (t >= a - 30 && t < a) pupil[i] = 1000 - ((t - (a - 30)) / 30) * 600;
      else if (t >= b && t < b + 60) pupil[i] = 400 + ((t - b) / 60) * 600;
    }
  }
  return { tMs, x, y, pupil: withPupil ? pupil : null };
}

describe('lossBlinks (Hershman, Henik & Cohen 2018): blinks from data loss', () => {
  it('finds each blink-long loss, edges walked out along the pupil when there is one', () => {
    const r = recording([[1000, 1150], [2500, 2620]], true);
    const b = lossBlinks(r.tMs, r.x, r.y, r.pupil, 250);
    // The lid's slopes start 30 ms before and end 60 ms after each loss; the 10 ms smoothing spreads each by its half-window.
    expect(b.map((k) => [k.startMs, k.endMs])).toEqual([
      [966, 1214],
      [2466, 2684],
    ]);
    expect(b[0]).toMatchObject({ source: 'data-loss', holdMs: 150, closingMs: 34, openingMs: 64, doubleSecond: false });
    const bare = recording([[1000, 1150]], false);
    expect(lossBlinks(bare.tMs, bare.x, bare.y, null, 250).map((k) => [k.startMs, k.endMs, k.closingMs])).toEqual([[998, 1150, 2]]);
  });

  it('a dropout too short, a loss too long, or one at the recording\'s edge is not a blink; runs a bridge apart are one', () => {
    const r = recording([[0, 200], [1000, 1000 + LOSS_BLINK_MIN_MS - 10], [2000, 2000 + LOSS_BLINK_MAX_MS + 100], [3000, 3060], [3090, 3160]], false);
    const b = lossBlinks(r.tMs, r.x, r.y, null, 250);
    expect(b.map((k) => [k.startMs, k.endMs])).toEqual([[2998, 3160]]);
  });

  it('the second of two blinks close together is a double', () => {
    const r = recording([[1000, 1150], [1300, 1420]], false);
    expect(lossBlinks(r.tMs, r.x, r.y, null, 250).map((k) => k.doubleSecond)).toEqual([false, true]);
  });
});
