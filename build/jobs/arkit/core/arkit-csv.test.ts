import { describe, expect, it } from 'vitest';
import { REST_APERTURE_MM } from '../../../model/anatomy/rest.ts';
import { simulate } from '../../../model/player.ts';
import { POINTER_MAX_YAW_DEG, VISITOR_DISTANCE_CM } from '../../../model/pointer/pointer-gaze.ts';
import { stepsAtFrame } from '../../../model/time/clock.ts';
import type { Trace } from '../../../model/trace.ts';
import { SAMPLE_FIELDS } from '../../../model/types.ts';
import { GAZE_RIG } from '../../../spec/eye-spec.ts';
import { loadScene } from '../../../node/io/load-scene.ts';
import { withSettings } from '../../../scene/parse.ts';
import { arkitCsv } from './arkit-csv.ts';
import { eyeShapes, type EyeShapeInput } from './eye-shapes.ts';
import { gazeFromShapes } from './gaze-from-shapes.ts';
import { splitGazeLayers } from './gaze-layers.ts';
import { macroScale } from './macro-scale.ts';
import { runGazeRig } from './gaze-rig.ts';
import { LIVE_LINK_FACE_VALUES, type LiveLinkValue } from './live-link-columns.ts';
import { readArkitCsv, type ArkitRow } from './read-arkit-csv.ts';

const D = VISITOR_DISTANCE_CM;
/** The ARKit blend shapes proper (the 52 before the head and eye rotation columns). */
const SHAPES = LIVE_LINK_FACE_VALUES.slice(0, LIVE_LINK_FACE_VALUES.indexOf('HeadYaw'));

/** A hand-made trace: every column held at its rest value, then overridden step by step. */
function heldTrace(steps: number, set: (i: number, c: Trace['columns']) => void): Trace {
  const columns = {} as Trace['columns'];
  for (const f of SAMPLE_FIELDS) columns[f] = new Float64Array(steps);
  for (let i = 0; i < steps; i++) {
    columns.tMs[i] = (i * 1000) / 240;
    columns.apertureMm[i] = REST_APERTURE_MM;
    columns.frameScale[i] = 1;
    set(i, columns);
  }
  return { sampleRateHz: 240, columns, events: [] };
}

const rest: EyeShapeInput = { xDeg: 0, yDeg: 0, apertureMm: REST_APERTURE_MM, au1: 0, au2: 0, au4: 0, au5: 0, au6: 0, au7: 0 };

// The checks, as functions, so each is shown passing on the export and failing on a deliberately bad mapping.
function outOfUnitRange(rows: ArkitRow[]): string[] {
  const bad: string[] = [];
  for (const r of rows) for (const k of SHAPES) if (!(r.values[k] >= 0 && r.values[k] <= 1)) bad.push(`${r.timecode} ${k}=${r.values[k]}`);
  return bad;
}
/** EyeBlink must be the closure of the opening at that frame's step: 1 shut, 0 open. */
function blinkMisses(rows: ArkitRow[], trace: Trace, fps: number): number {
  let worst = 0;
  rows.forEach((r, f) => {
    const a = trace.columns.apertureMm[stepsAtFrame(f, fps)];
    const want = Math.min(1, Math.max(0, 1 - a / REST_APERTURE_MM));
    worst = Math.max(worst, Math.abs(r.values.EyeBlinkLeft - want), Math.abs(r.values.EyeBlinkRight - want));
  });
  return worst;
}
/** Round trip: the angle read back from the EyeLook shapes, against the trace's own angle (avatar x = −yaw). */
function roundTripErrorDeg(rows: ArkitRow[], trace: Trace, fps: number, rig = false): number {
  const ref = rig ? runGazeRig(trace, { lookAtDistanceCm: D }) : undefined;
  let worst = 0;
  rows.forEach((r, f) => {
    const i = stepsAtFrame(f, fps);
    const x = ref ? ref.xDeg[i] : -trace.columns.yawDeg[i];
    const y = ref ? ref.yDeg[i] : trace.columns.pitchDeg[i];
    const g = gazeFromShapes(r.values);
    for (const e of [g.left, g.right]) worst = Math.max(worst, Math.abs(e.xDeg - x), Math.abs(e.yDeg - y));
  });
  return worst;
}

describe('eyeShapes (one frame)', () => {
  it('looking to the avatar\'s right raises EyeLookOutRight and EyeLookInLeft, and nothing on the other side', () => {
    const s = eyeShapes({ ...rest, xDeg: 12 });
    expect(s.EyeLookOutRight).toBeCloseTo(12 / GAZE_RIG.maxGazeAngleDeg, 12);
    expect(s.EyeLookInLeft).toBeCloseTo(12 / GAZE_RIG.maxGazeAngleDeg, 12);
    expect([s.EyeLookOutLeft, s.EyeLookInRight, s.EyeLookUpLeft, s.EyeLookDownLeft]).toEqual([0, 0, 0, 0]);
    const l = eyeShapes({ ...rest, xDeg: -12 });
    expect([l.EyeLookOutLeft, l.EyeLookInRight, l.EyeLookOutRight, l.EyeLookInLeft]).toEqual([0.4, 0.4, 0, 0]);
    // up and down alike on both eyes
    const u = eyeShapes({ ...rest, yDeg: 6 });
    expect([u.EyeLookUpLeft, u.EyeLookUpRight, u.EyeLookDownLeft]).toEqual([0.2, 0.2, 0]);
  });

  it('EyeBlink is 1 with the lids shut, 0 at rest and when AU5 opens wider; muscles go to their FACS shapes', () => {
    expect(eyeShapes({ ...rest, apertureMm: 0 }).EyeBlinkLeft).toBe(1);
    expect(eyeShapes({ ...rest, apertureMm: -0.001 }).EyeBlinkRight).toBe(1);
    expect(eyeShapes({ ...rest, apertureMm: REST_APERTURE_MM / 2 }).EyeBlinkLeft).toBeCloseTo(0.5, 12);
    expect(eyeShapes({ ...rest, apertureMm: 11.8, au5: 0.7 }).EyeBlinkLeft).toBe(0);
    const m = eyeShapes({ ...rest, au1: 0.1, au2: 0.2, au4: 0.3, au5: 0.4, au6: 0.5, au7: 0.6 });
    expect([m.BrowInnerUp, m.BrowOuterUpLeft, m.BrowOuterUpRight, m.BrowDownLeft, m.BrowDownRight]).toEqual([0.1, 0.2, 0.2, 0.3, 0.3]);
    expect([m.EyeWideLeft, m.EyeWideRight, m.CheekSquintLeft, m.CheekSquintRight, m.EyeSquintLeft, m.EyeSquintRight]).toEqual([0.4, 0.4, 0.5, 0.5, 0.6, 0.6]);
  });

  it('no angle the eye can reach clamps: the maximum gaze angle covers the pointer\'s furthest turn', () => {
    expect(GAZE_RIG.maxGazeAngleDeg).toBeGreaterThanOrEqual(POINTER_MAX_YAW_DEG);
  });
});

describe('the layered gaze rig', () => {
  const scene = withSettings(loadScene('1995-script'), { durationS: 20 });
  const trace = simulate(scene);

  it('the three layers sum on the plane to where the model looked (Macro through its distance scale)', () => {
    const g = splitGazeLayers(trace, D);
    const s = macroScale(D);
    expect(s).toBeCloseTo(60 / 300 + 0.66, 12);
    let worst = 0;
    let ignoringScale = 0;
    for (let i = 0; i < trace.columns.yawDeg.length; i++) {
      const x = Math.atan2(g.macroXCm[i] * s + g.microXCm[i] + g.nanoXCm[i], D) * (180 / Math.PI);
      worst = Math.max(worst, Math.abs(x + trace.columns.yawDeg[i]));
      // deliberately bad: a rig that forgets Macro's distance scale turns the eye 14 % short
      const bad = Math.atan2(g.macroXCm[i] + g.microXCm[i] + g.nanoXCm[i], D) * (180 / Math.PI);
      ignoringScale = Math.max(ignoringScale, Math.abs(bad + trace.columns.yawDeg[i]));
    }
    expect(worst).toBeLessThan(1e-9);
    expect(ignoringScale).toBeGreaterThan(0.1);
    // each layer carries its own kind: saccades make Macro's range, microsaccades Micro's (smaller)
    const range = (a: Float64Array): number => Math.max(...a) - Math.min(...a);
    expect(range(g.macroXCm)).toBeGreaterThan(range(g.microXCm));
    expect(range(g.microXCm)).toBeGreaterThan(0);
  });

  it('eases each layer by 1 − exp(−dt/τ) at 240 Hz: a 10° step is 63 % there after τ, whatever the export rate', () => {
    const t = heldTrace(240, (i, c) => (c.yawDeg[i] = i >= 24 ? -10 : 0));
    const rig = runGazeRig(t, { lookAtDistanceCm: D });
    const tauSteps = GAZE_RIG.smoothingTauS * 240;
    const plane = (deg: number): number => D * Math.tan((deg * Math.PI) / 180);
    const reached = plane(rig.xDeg[24 + tauSteps - 1]) / plane(10);
    expect(reached).toBeCloseTo(1 - Math.exp(-1), 2);
    expect(rig.xDeg[23]).toBe(0);
    // τ = 0 follows the goals exactly
    expect(runGazeRig(t, { lookAtDistanceCm: D, tauS: 0 }).xDeg[24]).toBeCloseTo(10, 9);
  });
});

describe('arkitCsv (a whole take)', () => {
  const fps = 30;
  const pointer = withSettings(loadScene('2026-visitor'), { durationS: 30 });
  const pTrace = simulate(pointer);
  const rows = readArkitCsv(arkitCsv(pTrace, { fps, durationS: 30, lookAtDistanceCm: D }));
  const still = readArkitCsv(arkitCsv(pTrace, { fps, durationS: 30, lookAtDistanceCm: D, tauS: 0 }));

  it('one row per frame at the scene\'s rate, every blend shape in [0, 1]', () => {
    expect(rows).toHaveLength(900);
    expect(rows[31].timecode).toBe('00:00:01:01.000');
    expect(outOfUnitRange(rows)).toEqual([]);
    // deliberately bad: the signed normalised angle written straight into a shape goes below 0
    const bad = rows.map((r) => ({ ...r, values: { ...r.values, EyeLookInLeft: r.values.LeftEyeYaw / ((GAZE_RIG.maxGazeAngleDeg * Math.PI) / 180) } }));
    expect(outOfUnitRange(bad).length).toBeGreaterThan(0);
  });

  it('EyeBlink follows the opening: 1 when shut, within 1e-8 of 1 − aperture/10.65 on every frame', () => {
    expect(blinkMisses(rows, pTrace, fps)).toBeLessThan(1e-8);
    const shut = rows.filter((_, f) => pTrace.columns.apertureMm[stepsAtFrame(f, fps)] <= 0.01);
    expect(shut.length).toBeGreaterThan(0);
    for (const r of shut) expect(r.values.EyeBlinkLeft).toBeGreaterThan(0.999);
    // deliberately bad: the generator's blink closure (blinks only) misses the held lids and the down-gaze half-close
    const bad = rows.map((r, f) => ({ ...r, values: { ...r.values, EyeBlinkLeft: pTrace.columns.blinkClosure[stepsAtFrame(f, fps)] } }));
    expect(blinkMisses(bad, pTrace, fps)).toBeGreaterThan(0.05);
  });

  it('the visitor scene looks both ways: to the avatar\'s right (model yaw < 0) raises EyeLookOutRight and EyeLookInLeft', () => {
    let right = 0;
    const rig = runGazeRig(pTrace, { lookAtDistanceCm: D });
    rows.forEach((r, f) => {
      const yaw = -rig.xDeg[stepsAtFrame(f, fps)];
      if (yaw < -2) {
        right++;
        expect(r.values.EyeLookOutRight).toBeGreaterThan(0);
        expect(r.values.EyeLookInLeft).toBeGreaterThan(0);
        expect(r.values.EyeLookOutLeft + r.values.EyeLookInRight).toBe(0);
      }
    });
    expect(right).toBeGreaterThan(10);
    // deliberately bad: the model's +yaw (the viewer's right) taken as the avatar's right mirrors every look
    const t = heldTrace(48, (i, c) => (c.yawDeg[i] = -10));
    const good = eyeShapes({ ...rest, xDeg: runGazeRig(t, { lookAtDistanceCm: D }).xDeg[47] });
    const mirrored = eyeShapes({ ...rest, xDeg: t.columns.yawDeg[47] });
    expect(good.EyeLookOutRight).toBeGreaterThan(0.3);
    expect(mirrored.EyeLookOutRight).toBe(0);
  });

  it('round trip: angles read back from the CSV agree with the trace to 0.1° (τ = 0), and with the rig\'s eased angle (τ = 0.125 s)', () => {
    expect(roundTripErrorDeg(still, pTrace, fps)).toBeLessThan(0.1);
    expect(roundTripErrorDeg(rows, pTrace, fps, true)).toBeLessThan(0.1);
    // the yaw/pitch columns say the same angle, in radians
    rows.forEach((r, f) => {
      const g = gazeFromShapes(r.values);
      expect(Math.abs((r.values.LeftEyeYaw * 180) / Math.PI - g.left.xDeg)).toBeLessThan(0.1);
      expect(Math.abs((r.values.RightEyePitch * 180) / Math.PI - g.right.yDeg)).toBeLessThan(0.1);
    });
    // deliberately bad: two decimals (Live Link Face's own screen precision) lose up to 0.15° at 30° full scale
    const coarse = still.map((r) => ({ ...r, values: Object.fromEntries(Object.entries(r.values).map(([k, v]) => [k, Number(v.toFixed(2))])) as Record<LiveLinkValue, number> }));
    expect(roundTripErrorDeg(coarse, pTrace, fps)).toBeGreaterThan(0.1);
    // and the eased take is not the trace: τ = 0.125 s lags a saccade by degrees
    expect(roundTripErrorDeg(rows, pTrace, fps)).toBeGreaterThan(1);
  }, 30_000);
});
