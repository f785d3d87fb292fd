import { describe, expect, it } from 'vitest';
import type { PointerKey } from '../../scene/scene.ts';
import { emptyPointerSample, PointerTrack } from './pointer-track.ts';
import { pointerAngleDeg, pointerPitchDeg, pointerYawDeg } from './pointer-gaze.ts';

const key = (tS: number, xR: number, yR: number, kind: PointerKey['kind'] = 'move'): PointerKey => ({ tS, xR, yR, kind });

describe('PointerTrack', () => {
  const track = () =>
    new PointerTrack([key(1, 0, 0), key(3, 2, -1), key(4, 2, -1, 'press'), key(5, 0, 0, 'leave'), key(6, 1, 1), key(6, -1, 1)]);

  it('has no pointer before the first key', () => {
    const s = track().sampleAt(500, emptyPointerSample());
    expect(s.present).toBe(false);
    expect(s.idleMs).toBe(Infinity);
  });

  it('glides linearly between keys with a constant velocity', () => {
    const t = track();
    const s = emptyPointerSample();
    t.sampleAt(2000, s);
    expect(s.present).toBe(true);
    expect(s.xR).toBeCloseTo(1, 12);
    expect(s.yR).toBeCloseTo(-0.5, 12);
    expect(s.vxRPerS).toBeCloseTo(1, 12);
    expect(s.vyRPerS).toBeCloseTo(-0.5, 12);
    expect(s.idleMs).toBe(0);
  });

  it('rests at a key, counting idle time; a press in place resets it', () => {
    const t = track();
    const s = emptyPointerSample();
    t.sampleAt(3500, s);
    expect([s.xR, s.yR, s.vxRPerS, s.idleMs]).toEqual([2, -1, 0, 500]);
    t.sampleAt(4250, s);
    expect(s.idleMs).toBe(250);
  });

  it('leaves until the next key, and reappears there without gliding (same-time keys jump)', () => {
    const t = track();
    const s = emptyPointerSample();
    t.sampleAt(5500, s);
    expect(s.present).toBe(false);
    t.sampleAt(6000, s);
    expect([s.present, s.xR, s.yR, s.idleMs]).toEqual([true, -1, 1, 0]);
  });

  it('rewinds when asked for an earlier time', () => {
    const t = track();
    const s = emptyPointerSample();
    t.sampleAt(6000, s);
    t.sampleAt(2000, s);
    expect(s.xR).toBeCloseTo(1, 12);
  });
});

describe('pointer → gaze angle', () => {
  it('is ~5.4° per R near the middle (60 cm, R ≈ 5.7 cm)', () => {
    expect(pointerAngleDeg(1)).toBeCloseTo(5.43, 2);
    expect(pointerYawDeg(-1)).toBeCloseTo(-5.43, 2);
  });
  it('is clamped: ±30° sideways, 16° down, ~8.5° up', () => {
    expect(pointerYawDeg(50)).toBe(30);
    expect(pointerPitchDeg(-50)).toBeCloseTo(-16, 10);
    expect(pointerPitchDeg(50)).toBeCloseTo(8.5, 10);
  });

  it('as a live channel forgets the keys it has passed, reading exactly as a track that keeps them', () => {
    const keep = new PointerTrack([key(0, 0, 0, 'leave')]);
    const forget = new PointerTrack([key(0, 0, 0, 'leave')], true);
    const a = emptyPointerSample();
    const b = emptyPointerSample();
    // A visitor's hour in miniature: 5,000 keys (moves, presses, leaving), each read forward as it comes.
    for (let i = 1; i <= 5000; i++) {
      const k = key(i / 30, Math.sin(i / 7), Math.cos(i / 11), i % 97 === 0 ? 'leave' : i % 13 === 0 ? 'press' : 'move');
      keep.push(k);
      forget.push(k);
      const tMs = (i / 30) * 1000 - 10;
      expect(forget.sampleAt(tMs, b)).toEqual(keep.sampleAt(tMs, a));
    }
    expect((forget as unknown as { keys: unknown[] }).keys.length).toBeLessThan(300);
    expect((keep as unknown as { keys: unknown[] }).keys.length).toBe(5001);
    expect(() => forget.sampleAt(1000, b)).toThrow(/forgotten/);
  });
});
