import { describe, expect, it } from 'vitest';
import { parseScene } from '../../../scene/parse.ts';
import { ERA_IDS } from '../../../scene/scene.ts';
import { ERA_LIGHT } from '../../eras/era-light.ts';
import { Player } from '../../player.ts';
import { Random } from '../../random/random.ts';
import { eraAt } from '../../stage/stage.ts';
import { eraPupilMm, lightPupilMm, Pupil, PUPIL_CONSTRICT_MM_PER_S, PUPIL_DILATE_MM_PER_S } from './pupil.ts';

const STEP_S = 1 / 240;

describe('pupil', () => {
  it('answers a step in light 0.23 s later, never faster than 4.2 mm/s closing or 1.1 mm/s opening', () => {
    const p = new Pupil(Random.fromSeed(1), STEP_S, 0); // no hippus: a clean step response
    p.settle(5);
    const d: number[] = [p.diameterMm];
    for (let i = 1; i <= 240 * 8; i++) {
      p.step(i < 240 ? 5 : i < 240 * 4 ? 2.5 : 5);
      d.push(p.diameterMm);
    }
    // The first step on which the pupil moves the new way (it is still creeping toward 2.5 mm at 4 s).
    const firstMove = (from: number, sign: number) => d.findIndex((x, i) => i > from && Math.sign(x - d[i - 1]) === sign);
    const latencyClose = (firstMove(240, -1) - 240) * STEP_S;
    const latencyOpen = (firstMove(960, 1) - 960) * STEP_S;
    console.log(`pupil latency: constricting ${(latencyClose * 1000).toFixed(1)} ms, dilating ${(latencyOpen * 1000).toFixed(1)} ms`);
    expect(Math.abs(latencyClose - 0.23)).toBeLessThanOrEqual(STEP_S);
    expect(Math.abs(latencyOpen - 0.23)).toBeLessThanOrEqual(STEP_S);
    let maxClose = 0;
    let maxOpen = 0;
    for (let i = 1; i < d.length; i++) {
      const v = (d[i] - d[i - 1]) / STEP_S;
      maxClose = Math.max(maxClose, -v);
      maxOpen = Math.max(maxOpen, v);
    }
    console.log(`pupil peak speed: constricting ${maxClose.toFixed(3)} mm/s, dilating ${maxOpen.toFixed(3)} mm/s`);
    expect(maxClose).toBeLessThanOrEqual(PUPIL_CONSTRICT_MM_PER_S + 1e-9);
    expect(maxOpen).toBeLessThanOrEqual(PUPIL_DILATE_MM_PER_S + 1e-9);
    // The caps bind on a 2.5 mm step: it runs at them.
    expect(maxClose).toBeGreaterThan(0.95 * PUPIL_CONSTRICT_MM_PER_S);
    expect(maxOpen).toBeGreaterThan(0.95 * PUPIL_DILATE_MM_PER_S);
  });

  it('size from the era light: brighter and nearer is smaller; 2009 (32 cm) the near reflex', () => {
    expect(lightPupilMm({ ...ERA_LIGHT['2000'], luminanceCdM2: 10 })).toBeGreaterThan(lightPupilMm(ERA_LIGHT['2000']));
    expect(eraPupilMm({ ...ERA_LIGHT['2009'], viewingDistanceCm: 60 })).toBeGreaterThan(eraPupilMm(ERA_LIGHT['2009']) + 0.6);
    const sizes = ERA_IDS.map((e) => eraPupilMm(ERA_LIGHT[e]));
    console.log(`era pupils (mm): ${ERA_IDS.map((e, i) => `${e} ${sizes[i].toFixed(2)}`).join(', ')}`);
    expect(Math.min(...sizes)).toBe(eraPupilMm(ERA_LIGHT['2009']));
    for (const s of sizes) expect(s).toBeGreaterThan(2), expect(s).toBeLessThan(8);
  });

  it('in the eye: a cut to 2009 constricts it 0.23 s after the device changes, within the caps, hippus and all', () => {
    const s = parseScene({ tour: [{ era: '1970', atS: 0 }, { era: '2009', atS: 20 }], durationS: 40, seed: 2 }, 'tour', 'tour');
    const p = new Player(s);
    p.goToStep(240 * 40);
    const d = p.recorder.trace().columns.pupilMm;
    let maxClose = 0;
    let maxOpen = 0;
    for (let i = 1; i < d.length; i++) {
      const v = (d[i] - d[i - 1]) * 240;
      maxClose = Math.max(maxClose, -v);
      maxOpen = Math.max(maxOpen, v);
    }
    expect(maxClose).toBeLessThanOrEqual(PUPIL_CONSTRICT_MM_PER_S + 1e-9);
    expect(maxOpen).toBeLessThanOrEqual(PUPIL_DILATE_MM_PER_S + 1e-9);
    let switchStep = 0;
    while (eraAt(s, (switchStep * 1000) / 240) !== '2009') switchStep++;
    // Before the new light arrives the pupil drifts only with hippus (< 0.2 mm/s); then it closes fast.
    const speedAt = (i: number) => (d[i - 1] - d[i]) * 240;
    const latency = Array.from({ length: 240 }, (_, k) => switchStep + k).find((i) => speedAt(i) > 0.5)!;
    console.log(`pupil in the eye: ${d[switchStep - 1].toFixed(2)} → ${d[240 * 39].toFixed(2)} mm, responds ${(((latency - switchStep) * 1000) / 240).toFixed(1)} ms after the device changes`);
    expect(Math.abs((latency - switchStep) / 240 - 0.23)).toBeLessThanOrEqual(2 / 240);
    expect(d[240 * 39]).toBeLessThan(d[switchStep - 1] - 0.5);
  });

  it('hippus: five slow sines, about ±0.2 mm, × 0.45 when calm', () => {
    const swing = (grain: number) => {
      const p = new Pupil(Random.fromSeed(3), STEP_S, grain);
      let lo = Infinity;
      let hi = -Infinity;
      for (let i = 0; i < 240 * 600; i++) {
        p.turnHippus();
        const h = p.hippusMm();
        lo = Math.min(lo, h);
        hi = Math.max(hi, h);
      }
      return hi - lo;
    };
    const full = swing(1);
    expect(full).toBeGreaterThan(0.2);
    expect(full).toBeLessThan(0.4);
    expect(swing(0.45) / full).toBeCloseTo(0.45, 6);
  });
});
