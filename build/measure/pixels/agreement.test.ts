import { BROW_NODE_FIELDS } from '../../model/types.ts';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../model/player.ts';
import { stepsAtFrame } from '../../model/time/clock.ts';
import type { Trace } from '../../model/trace.ts';
import { parseScene } from '../../scene/parse.ts';
import { detect } from '../detect.ts';
import { DEFAULT_PARAMS } from '../params.ts';
import { filmAgreement, modelAtFrames } from './agreement.ts';
import { PIXEL_FIELDS, pixelTraceFromJson, PUPIL_STATE_CODE, type PixelField, type PixelTrace } from './pixel-trace.ts';

// 20 s of 1995 at 30 fps: saccades (some > 12°) and their gaze-evoked blinks.
const scene = parseScene({ era: '1995', mode: 'script', durationS: 20, fps: 30, width: 1280, height: 720, seed: 3 }, 'test.json', 'agreement-1995');
const trace: Trace = simulate(scene);
const frames = Math.round(scene.durationS * scene.fps);

/** What a perfect pixel path would read: the model's own values at each frame's step. */
function perfectPixels(): PixelTrace {
  const c = trace.columns;
  const columns = {} as Record<PixelField, Float64Array>;
  for (const f of PIXEL_FIELDS) columns[f] = new Float64Array(frames);
  for (let k = 0; k < frames; k++) {
    const i = stepsAtFrame(k, scene.fps);
    columns.frame[k] = k;
    columns.tMs[k] = (k * 1000) / scene.fps;
    columns.modelTMs[k] = c.tMs[i];
    columns.pupilState[k] = PUPIL_STATE_CODE.whole;
    columns.yawDeg[k] = c.yawDeg[i];
    columns.pitchDeg[k] = c.pitchDeg[i];
    columns.pupilDiameterMm[k] = c.pupilMm[i];
    columns.apertureMm[k] = c.apertureMm[i];
    columns.browLiftMm[k] = c.browLiftMm[i];
    for (const f of BROW_NODE_FIELDS) columns[f][k] = c[f][i];
    columns.pupilCenterXMm[k] = NaN;
    columns.pupilCenterYMm[k] = NaN;
    columns.apertureColumnXMm[k] = 0;
  }
  return { columns };
}

describe('filmAgreement', () => {
  it('a pixel path that reads the model exactly agrees on everything', () => {
    const a = filmAgreement(scene.name, scene.fps, trace, perfectPixels());
    expect(a.failed).toEqual([]);
    expect(a.pass).toBe(true);
    expect(a.saccades.model).toBeGreaterThan(5);
    expect(a.saccades.pixel).toBe(a.saccades.model);
    expect(a.blinks.model).toBeGreaterThanOrEqual(2);
    expect(a.apertureMm.maxAbs).toBeLessThan(1e-12);
    expect(a.browLiftMm.measured).toBe(true);
    // Six checks of the motion, and two of the catchlight (not measured here: this path has no plane).
    expect(a.assertions.map((x) => x.pass)).toEqual([true, true, true, true, true, true, true, true]);
    expect(a.catchlight.measured).toBe(false);
    // The brow's beat is read the same way from both, so an exact pixel path reads the model's.
    expect(a.browBeat.pixel).toEqual(a.browBeat.model);
  });

  it('an aperture read 0.4 mm wide on one frame fails the aperture check', () => {
    const p = perfectPixels();
    p.columns.apertureMm[100] += 0.4;
    const a = filmAgreement(scene.name, scene.fps, trace, p);
    expect(a.pass).toBe(false);
    expect(a.apertureMm.pass).toBe(false);
    expect(a.failed.join()).toMatch(/aperture .* 0\.4 \(≤ 0\.3 mm/);
  });

  it('a blink the pixels never saw (the aperture held open) fails the blink count', () => {
    const p = perfectPixels();
    const ap = p.columns.apertureMm;
    let k = ap.findIndex((v) => v < 1);
    const open = ap[Math.max(0, k - 10)];
    while (k < frames && ap[k] < open - 0.01) ap[k++] = open;
    // Pad out the whole dip (its shallow edges too).
    for (let j = Math.max(0, k - 30); j < Math.min(frames, k + 10); j++) ap[j] = Math.max(ap[j], open);
    const a = filmAgreement(scene.name, scene.fps, trace, p);
    expect(a.blinks.pixel).toBe(a.blinks.model - 1);
    expect(a.blinks.pass).toBe(false);
  });

  it('saccades the pixels add beyond ±5 % (at least one) fail the saccade count', () => {
    const p = perfectPixels();
    const before = filmAgreement(scene.name, scene.fps, trace, p).saccades;
    // 5 % of the count, rounded up, and never under one.
    expect(before.tolerance).toBe(Math.max(1, Math.ceil(0.05 * before.model)));
    // Short 2° excursions (out and back: two saccades each) the model never made, in quiet stretches
    // (no saccade or blink within half a second).
    const m = detect(modelAtFrames(trace, p).signal, DEFAULT_PARAMS);
    const busy = (k: number) =>
      [...m.saccades, ...m.blinks].some((e) => Math.abs(e.startIndex - k) < 15 || Math.abs(e.endIndex - k) < 15 || (e.startIndex <= k && k <= e.endIndex));
    let added = 0;
    for (let at = 20; at + 20 < frames && added < 3; at++) {
      if (!busy(at) && !busy(at + 6)) {
        for (let k = at; k < at + 6; k++) p.columns.yawDeg[k] += 2;
        added++;
        at += 30;
      }
    }
    expect(added).toBe(3);
    const a = filmAgreement(scene.name, scene.fps, trace, p);
    expect(a.saccades.pixel - a.saccades.model).toBeGreaterThan(before.tolerance);
    expect(a.saccades.pass).toBe(false);
  });

  it('brow: off by 0.4 mm fails; missing on some frames fails; absent from every frame is reported unmeasured', () => {
    const off = perfectPixels();
    off.columns.browLiftMm[50] += 0.4;
    expect(filmAgreement(scene.name, scene.fps, trace, off).browLiftMm.pass).toBe(false);
    const some = perfectPixels();
    some.columns.browLiftMm[50] = NaN;
    const s = filmAgreement(scene.name, scene.fps, trace, some);
    expect([s.browLiftMm.pass, s.browLiftMm.missingFrames]).toEqual([false, 1]);
    const none = perfectPixels();
    none.columns.browLiftMm.fill(NaN);
    const n = filmAgreement(scene.name, scene.fps, trace, none);
    expect([n.browLiftMm.measured, n.browLiftMm.pass]).toEqual([false, true]);
    expect(n.assertions[3].note).toMatch(/not measured/);
  });

  it('a pixel row whose model time is not in the trace is an error, not a silent mismatch', () => {
    const p = perfectPixels();
    p.columns.modelTMs[3] += 1;
    expect(() => filmAgreement(scene.name, scene.fps, trace, p)).toThrow(/no sample in the trace/);
  });
});

describe('pixelTraceFromJson', () => {
  it('reads pixels.json columns back (null → NaN) and refuses a malformed file', () => {
    const p = perfectPixels();
    const json = JSON.parse(JSON.stringify({ columns: Object.fromEntries(PIXEL_FIELDS.map((f) => [f, Array.from(p.columns[f], (v) => (Number.isFinite(v) ? v : null))])) }));
    const back = pixelTraceFromJson(json);
    expect(Array.from(back.columns.apertureMm)).toEqual(Array.from(p.columns.apertureMm));
    expect(back.columns.pupilCenterXMm[0]).toBeNaN();
    delete json.columns.yawDeg;
    expect(() => pixelTraceFromJson(json, 'x/pixels.json')).toThrow(/x\/pixels\.json: column "yawDeg" is missing/);
  });
});
