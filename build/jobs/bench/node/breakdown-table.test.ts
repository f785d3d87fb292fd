import { describe, expect, it } from 'vitest';
import { cpuParts } from '../core/cpu-parts.ts';
import { breakdownTable } from './breakdown-table.ts';
import type { CpuBreakdown } from './cpu-breakdown.ts';

const t = (cpuMs: number, wallMs = cpuMs) => ({ wallMs, cpuMs });
function tree(name: string, k: number): CpuBreakdown {
  const cpu = { draw: 10, drawMask: 10 + 7 * k, encode: 10 + 15 * k, capture: 10 + 24 * k, decode: 4 * k, convert: 10 * k, film: 18 * k, pipeline: 10 + 47 * k };
  const stages = Object.fromEntries(Object.entries(cpu).map(([s, v]) => [s, t(v)])) as CpuBreakdown['stages'];
  const { parts, beyondColour } = cpuParts(cpu);
  return { tree: name, size: '1280x720', frames: 59, stages, parts, beyondColourCpuMs: beyondColour, pipelineOverFloor: 1.1, imageBytes: 243000, filmBytesPerFrame: 3400 };
}

describe('breakdownTable', () => {
  it("a column per tree, and the last tree's share of the first's", () => {
    const text = breakdownTable([tree('/work/base', 1), tree('this tree', 0.5)], 3);
    expect(text).toContain('the median of 3 passes');
    expect(text).toMatch(/CPU ms: beyond the colour drawing\s+47\.0\s+23\.5\s+0\.50×/);
    expect(text).toMatch(/CPU ms: colour drawing\s+10\.0\s+10\.0\s+1\.00×/);
  });
  it('one tree: no share column values', () => {
    expect(breakdownTable([tree('this tree', 1)], 1)).not.toContain('×');
  });
});
