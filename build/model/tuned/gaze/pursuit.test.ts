import { describe, expect, it } from 'vitest';
import type { PointerKey } from '../../../scene/scene.ts';
import { ERA_GAZE } from '../../eras/era-gaze.ts';
import { emptyPointerSample, PointerTrack } from '../../pointer/pointer-track.ts';
import { pointerYawDeg } from '../../pointer/pointer-gaze.ts';
import { isSaccadeEvent } from '../../../testing/gaze-stats.ts';
import { gazeScene, runGaze } from '../../../testing/run-gaze.ts';

const move = (tS: number, xR: number, yR = 0): PointerKey => ({ tS, xR, yR, kind: 'move' });

/**
 * Back-and-forth horizontal glides of ±reachR whose followed target moves at ~10°/s, with a 1 s
 * pause at each end; returns the keys and the glide windows (s).
 */
function glides(reachR: number, follow: number, count: number): { keys: PointerKey[]; windows: [number, number][] } {
  const spanDeg = follow * (pointerYawDeg(reachR) - pointerYawDeg(-reachR));
  const glideS = spanDeg / 10;
  const keys: PointerKey[] = [move(0, -reachR)];
  const windows: [number, number][] = [];
  let t = 1;
  for (let i = 0; i < count; i++) {
    keys.push(move(t, i % 2 === 0 ? -reachR : reachR));
    keys.push(move(t + glideS, i % 2 === 0 ? reachR : -reachR));
    // Past the low-pass's settling (5τ = 0.4 s) and before the glide ends.
    windows.push([t + 0.4, t + glideS]);
    t += glideS + 1;
  }
  return { keys, windows };
}

/** Slow-phase gain: Σ eye velocity / Σ target velocity over glide samples away from any saccade. */
function pursuitGain(era: '1981' | '2026', seed: number): { gain: number; catchUps: number; landingErrDeg: number } {
  const follow = ERA_GAZE[era].followGain;
  const { keys, windows } = glides(3, follow, 8);
  const scene = gazeScene(era, { mode: 'rest', seed, pointer: keys });
  const track = new PointerTrack(keys);
  const ps = emptyPointerSample();
  const yaw: number[] = [];
  const target: number[] = [];
  const flying: boolean[] = [];
  const durationS = keys[keys.length - 1].tS + 0.5;
  // The followed target (the contact point pulled toward the pointer) is P + f·(pointer − P); its
  // velocity is f × the pointer's angular velocity whatever P is.
  const events = runGaze(scene, durationS, (g, i) => {
    yaw.push(g.state().yawDeg);
    flying.push(g.state().inSaccade);
    target.push(follow * pointerYawDeg(track.sampleAt((i * 1000) / 240, ps).xR));
  });
  const sacc = events.filter(isSaccadeEvent);
  const nearSaccade = new Uint8Array(yaw.length);
  for (const e of sacc) {
    for (let i = Math.floor((e.startMs * 240) / 1000) - 2; i <= Math.ceil((e.endMs * 240) / 1000) + 1; i++) {
      if (i >= 0 && i < nearSaccade.length) nearSaccade[i] = 1;
    }
  }
  let eyeSum = 0;
  let targetSum = 0;
  for (const [a, b] of windows) {
    const sign = Math.sign(target[Math.round(b * 240) - 2] - target[Math.round(a * 240)]);
    for (let i = Math.round(a * 240); i < Math.round(b * 240) - 1; i++) {
      if (nearSaccade[i] || nearSaccade[i - 1] || flying[i] || flying[i - 1]) continue;
      eyeSum += sign * (yaw[i] - yaw[i - 1]);
      targetSum += sign * (target[i] - target[i - 1]);
    }
  }
  // How close a catch-up (and its correction) lands to where the target then is.
  let errSum = 0;
  let n = 0;
  for (const e of sacc) {
    if (e.cause !== 'catch-up') continue;
    const i = Math.ceil((e.endMs * 240) / 1000) - 1;
    errSum += Math.abs(yaw[i] - target[i]);
    n++;
  }
  return { gain: eyeSum / targetSum, catchUps: n, landingErrDeg: errSum / n };
}

describe('pursuit (eye.md §2)', () => {
  it('follows a steady 10°/s glide at gain 0.85 ± 0.03, with catch-up saccades aimed ahead', () => {
    for (const seed of [1, 2, 3]) {
      const r = pursuitGain('1981', seed);
      console.log(`1981 seed ${seed}: pursuit gain ${r.gain.toFixed(3)}, ${r.catchUps} catch-ups landing ${r.landingErrDeg.toFixed(2)}° from the target`);
      expect(Math.abs(r.gain - 0.85)).toBeLessThanOrEqual(0.03);
      expect(r.catchUps).toBeGreaterThan(5);
      expect(r.landingErrDeg).toBeLessThan(0.5);
    }
  });

  it('2026 follows best of all: gain 0.97 ± 0.03', () => {
    for (const seed of [1, 2, 3]) {
      const r = pursuitGain('2026', seed);
      console.log(`2026 seed ${seed}: pursuit gain ${r.gain.toFixed(3)}`);
      expect(Math.abs(r.gain - 0.97)).toBeLessThanOrEqual(0.03);
    }
  });

  it("a pointer's jump is caught by a saccade to where it is, never chased by its velocity spike", () => {
    const keys: PointerKey[] = [move(0, 0), move(1, 0), move(1, 3), move(2.5, 3), move(2.5, -2)];
    const yaw: number[] = [];
    const events = runGaze(gazeScene('2026', { mode: 'rest', seed: 3, pointer: keys }), 4, (g) => yaw.push(g.state().yawDeg));
    const jumps = events.filter((e) => isSaccadeEvent(e) && (e.cause === 'catch-up' || e.corrective));
    expect(jumps.length).toBeGreaterThanOrEqual(2);
    // 0.3 s after each jump the eye is on the pointer, within drift.
    expect(Math.abs(yaw[Math.round(1.5 * 240)] - pointerYawDeg(3))).toBeLessThan(0.3);
    expect(Math.abs(yaw[Math.round(3 * 240)] - pointerYawDeg(-2))).toBeLessThan(0.3);
    // No smooth movement afterwards: the eye holds (drift only) between 1.5 and 2.5 s.
    expect(Math.abs(yaw[Math.round(2.45 * 240)] - yaw[Math.round(1.5 * 240)])).toBeLessThan(0.3);
  });

  it('at rest the eye returns to eye contact once the pointer has been idle 2.8 s, or has left', () => {
    const keys: PointerKey[] = [move(0, 0), move(0.5, 2, 1), move(2, 2, 1), { tS: 7, xR: 0, yR: 0, kind: 'leave' }, move(8, -2, 0), move(8.5, -2.5, 0), { tS: 9, xR: 0, yR: 0, kind: 'leave' }];
    const events = runGaze(gazeScene('1997', { mode: 'rest', seed: 2, pointer: keys }), 11);
    const returns = events.filter((e) => isSaccadeEvent(e) && e.cause === 'pointer-idle-return');
    expect(returns.length).toBe(2);
    // Idle since the glide ended at 0.5 s (the key at 2 s stays put, so it is no activity): back at 3.3 s.
    expect(returns[0].startMs).toBeGreaterThanOrEqual(3300);
    expect(returns[0].startMs).toBeLessThan(3300 + 5);
    // Leaving at 9 s: back at once.
    expect(returns[1].startMs).toBeGreaterThanOrEqual(9000);
    expect(returns[1].startMs).toBeLessThan(9000 + 5);
  });
});
