import { describe, expect, it } from 'vitest';
import { cpuParts } from './cpu-parts.ts';

describe('cpuParts', () => {
  const stages = { draw: 10, drawMask: 17, encode: 25, capture: 34, decode: 4, convert: 10, film: 18, pipeline: 57 };
  it('each part is the stage that adds it less the one before, the rest what the pipeline spent beyond them', () => {
    const { parts, beyondColour } = cpuParts(stages);
    expect(parts.map((p) => p.cpuMs)).toEqual([10, 7, 8, 9, 4, 6, 8, 5]);
    expect(parts.reduce((s, p) => s + p.cpuMs, 0)).toBe(57);
    expect(beyondColour).toBe(47);
  });
  it('prints noise as measured: a stage cheaper than the one before gives a negative part', () => {
    expect(cpuParts({ ...stages, drawMask: 9 }).parts[1].cpuMs).toBe(-1);
  });
});
