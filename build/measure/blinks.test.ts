import { describe, expect, it } from 'vitest';
import { detectBlinks } from './blinks.ts';
import { detect } from './detect.ts';
import { detectorParams } from './params.ts';
import { synthesize } from '../testing/synthetic-gaze.ts';
import { scoreDetection } from './truth-score.ts';

const params = detectorParams();

describe('blink detection from the aperture', () => {
  it('measures a whole blink: onset, 70 / 40 / 190 ms phases, depth', () => {
    const { signal } = synthesize({ sampleRateHz: 240, durationMs: 3000, blinks: [{ startMs: 1000 }] });
    const { blinks } = detectBlinks(signal.tMs, signal.apertureMm!, params);
    expect(blinks).toHaveLength(1);
    const b = blinks[0];
    expect(b.depth).toBeCloseTo(1, 6);
    expect(b.partial).toBe(false);
    // Onset at 5 % of the depth: a smoothstep closing reaches 5 % 9 ms in.
    expect(b.startMs).toBeGreaterThan(1000);
    expect(b.startMs).toBeLessThan(1012);
    // Thresholds read eased phases short and the hold long: 5 % → 95 % of a 70 ms smoothstep is 52 ms,
    // the hold at ≥ 95 % gains the tails (76 ms), the opening 95 % → 10 % of a 190 ms one is 163 ms.
    expect(b.closingMs).toBeCloseTo(52, -1);
    expect(b.holdMs).toBeCloseTo(76, -1);
    expect(b.openingMs).toBeCloseTo(163, -1);
    expect(b.openApertureMm).toBeCloseTo(10.65, 2);
  });

  it('tells a partial blink (0.5 closure) from a whole one, and ignores a shallow dip', () => {
    const { signal } = synthesize({
      sampleRateHz: 240,
      durationMs: 6000,
      blinks: [{ startMs: 1000, depth: 0.5 }, { startMs: 3000, depth: 0.9 }, { startMs: 5000, depth: 0.2 }],
    });
    const { blinks } = detectBlinks(signal.tMs, signal.apertureMm!, params);
    expect(blinks.map((b) => [b.partial, Math.round(b.depth * 100)])).toEqual([
      [true, 50],
      [true, 90],
    ]);
  });

  it('splits a double (second blink 320–450 ms after the first onset) and flags its second', () => {
    for (const gap of [320, 450]) {
      const { signal } = synthesize({
        sampleRateHz: 240,
        durationMs: 4000,
        blinks: [{ startMs: 1000 }, { startMs: 1000 + gap }, { startMs: 2800 }],
      });
      const { blinks } = detectBlinks(signal.tMs, signal.apertureMm!, params);
      expect(blinks.map((b) => b.doubleSecond), `gap ${gap}`).toEqual([false, true, false]);
    }
  });

  it('does not read a lasting change of opening (down-gaze lowers the lid) as a blink', () => {
    const { signal } = synthesize({ sampleRateHz: 240, durationMs: 4000 });
    const ap = signal.apertureMm!;
    // Opening 10.65 → 8.4 mm in 40 ms at 2 s (full down-gaze), back at 3 s.
    for (let i = 0; i < ap.length; i++) {
      const t = signal.tMs[i];
      const f = Math.min(1, Math.max(0, (t - 2000) / 40)) - Math.min(1, Math.max(0, (t - 3000) / 40));
      ap[i] = 10.65 - 2.25 * f;
    }
    expect(detectBlinks(signal.tMs, ap, params).blinks).toEqual([]);
  });

  it("treats the samples around a blink as missing, so Bell's phenomenon is never a saccade", () => {
    const { signal, truth } = synthesize({ sampleRateHz: 240, durationMs: 4000, noiseDeg: 0.003, blinks: [{ startMs: 1000 }, { startMs: 2500, depth: 0.6 }] });
    const d = detect(signal, params);
    expect(d.blinks).toHaveLength(2);
    expect(d.saccades).toEqual([]);
    expect(d.segments).toHaveLength(3);
    expect(scoreDetection(truth, d, 0.6).blink.f1).toBe(1);
    // Without the mask, the 9° roll under the lid would have been two saccades per blink.
    const unmasked = detect({ ...signal, apertureMm: null }, params);
    expect(unmasked.saccades.filter((s) => s.kind === 'saccade').length).toBeGreaterThanOrEqual(2);
  });

  it('keeps a saccade a blink interrupts: the blink is found, the saccade once, no Bell roll as a saccade', () => {
    // A 20° saccade (65 ms); a gaze-evoked blink starts 30 ms into it.
    const { signal, truth } = synthesize({
      sampleRateHz: 240,
      durationMs: 3000,
      noiseDeg: 0.003,
      saccades: [{ startMs: 1000, dxDeg: 20, dyDeg: 0 }],
      blinks: [{ startMs: 1030 }],
    });
    const d = detect(signal, params);
    expect(d.blinks).toHaveLength(1);
    const acc = scoreDetection(truth, d, 0.6);
    expect(acc.blink.f1).toBe(1);
    expect(acc.saccade.f1).toBe(1);
    // The fixation is broken once, by the saccade (the gaze moved 20° across the blink as well).
    expect(d.breaks).toHaveLength(1);
  });

  it('reads a blink the recording ends in as a blink to its last sample: the half-shut lid is no open level', () => {
    // 1995-rest's film: a blink 190 ms before its last frame, the lid still opening at it (Bell's roll
    // 5° up). Taken as the open level, the last sample made the two before it look open and their
    // roll a gaze shift ≥ 0.6° across the blink, a break that closed the fixation before it.
    const { signal } = synthesize({ sampleRateHz: 30, durationMs: 3000, noiseDeg: 0.01, blinks: [{ startMs: 2800 }] });
    const d = detect(signal, params);
    expect(d.blinks).toHaveLength(1);
    expect(d.breaks).toEqual([]);
    expect(d.fixations.every((f) => f.censored)).toBe(true);
    // The same holds at the start: a recording that begins in a blink's opening.
    const late = synthesize({ sampleRateHz: 30, durationMs: 3000, noiseDeg: 0.01, t0Ms: 0, blinks: [{ startMs: -150 }] }).signal;
    expect(detect(late, params).breaks).toEqual([]);
  });

  it("follows a film's creep through a one-frame dip of its opening: the roll back down is not a saccade", () => {
    // 1995-script's film at 11.7 s: in the creep after a blink the mask read one frame 0.02 mm low
    // (8.57, 8.55, 8.61 mm). The walk out to the open level stopped there, the rest of the creep's
    // Bell roll (~0.9° back down over 0.3 s) was left in the gaze, and read as a 0.6° saccade and a
    // shift across the blink: one fixation counted as three.
    const spec = { sampleRateHz: 30, durationMs: 3000, noiseDeg: 0.01, blinks: [{ startMs: 1000 }] };
    const clean = synthesize(spec).signal;
    expect(detect(clean, params).breaks).toEqual([]);
    const { signal } = synthesize(spec);
    const ap = signal.apertureMm!;
    // The first creep frame where the opening still rises by more than the dip.
    let k = signal.tMs.findIndex((t) => t > 1000 + 70 + 40 + 190);
    while (!(ap[k + 1] - ap[k] > 0.03)) k++;
    ap[k + 1] = ap[k] - 0.02;
    const d = detect(signal, params);
    expect(d.blinks).toHaveLength(1);
    expect(d.saccades).toEqual([]);
    expect(d.breaks).toEqual([]);
  });

  it('finds the same blinks at 60 Hz', () => {
    const { signal, truth } = synthesize({
      sampleRateHz: 60,
      durationMs: 8000,
      noiseDeg: 0.01,
      blinks: [{ startMs: 1000 }, { startMs: 1400 }, { startMs: 3000, depth: 0.55 }, { startMs: 6000 }],
    });
    const d = detect(signal, params);
    expect(scoreDetection(truth, d, 0.6).blink.f1).toBe(1);
    expect(d.blinks.map((b) => b.doubleSecond)).toEqual([false, true, false, false]);
  });
});
