import { describe, expect, it } from 'vitest';
import { REST_UPPER_LID_MM } from '../../model/anatomy/rest.ts';
import { lashLagRad } from './lash-lag.ts';

/** A blink's upper margin: 70 ms closing to −4 mm, 40 ms held, 190 ms opening (eye.md §4). */
function upperAt(tMs: number): number {
  const shut = -4;
  const c = tMs < 100 ? 0 : tMs < 170 ? (tMs - 100) / 70 : tMs < 210 ? 1 : tMs < 400 ? 1 - (tMs - 210) / 190 : 0;
  return REST_UPPER_LID_MM + (shut - REST_UPPER_LID_MM) * c;
}

function run(fps: number, untilMs: number): number[] {
  const owner = {};
  const out: number[] = [];
  for (let f = 0; (f * 1000) / fps <= untilMs; f++) out.push(lashLagRad(owner, (f * 1000) / fps, upperAt((f * 1000) / fps)));
  return out;
}

describe('lash lag', () => {
  it('trails the closing lid, swings past it opening, and is still again once the lid is', () => {
    const lag = run(30, 1200);
    const at = (ms: number) => lag[Math.round((ms * 30) / 1000)];
    expect(at(0)).toBe(0);
    expect(at(150)).toBeGreaterThan(0.05);
    expect(Math.min(...lag.slice(Math.round((230 * 30) / 1000), Math.round((420 * 30) / 1000)))).toBeLessThan(-0.03);
    expect(at(1200)).toBe(0);
  });

  it('stays bounded at 15 fps (4 substeps a frame) and agrees in size with 60 fps', () => {
    const slow = run(15, 1200);
    const fast = run(60, 1200);
    expect(Math.max(...slow.map(Math.abs))).toBeLessThan(0.6);
    expect(Math.max(...slow.map(Math.abs))).toBeLessThan(1.6 * Math.max(...fast.map(Math.abs)));
    expect(slow[slow.length - 1]).toBe(0);
  });

  it('starts over when a film starts over (time going back), so a reused page draws the same film', () => {
    const owner = {};
    const first: number[] = [];
    const second: number[] = [];
    for (let f = 0; f < 20; f++) first.push(lashLagRad(owner, f * 33.3, upperAt(f * 33.3)));
    for (let f = 0; f < 20; f++) second.push(lashLagRad(owner, f * 33.3, upperAt(f * 33.3)));
    expect(second).toEqual(first);
  });

  it('stays bounded when the page skips frames (a stride of 5 at 30 fps through a blink)', () => {
    const owner = {};
    const lag: number[] = [];
    for (let f = 0; f <= 40; f += 5) lag.push(lashLagRad(owner, (f * 1000) / 30, upperAt((f * 1000) / 30)));
    const oneByOne = run(30, 1400);
    expect(Math.max(...lag.map(Math.abs))).toBeLessThanOrEqual(Math.max(...oneByOne.map(Math.abs)) * 1.5);
  });
});
