import { describe, expect, it } from 'vitest';
import type { BenchRow, BenchTiming } from './bench-size.ts';
import { medianRow } from './median-row.ts';

const t = (wallMs: number, cpuMs: number | null = wallMs): BenchTiming => ({ wallMs, cpuMs });

/** A pass whose drawing took `drawMs` and whose pipeline took `pipeMs` (the rest fixed). */
function pass(drawMs: number, pipeMs: number, identical = 90): BenchRow {
  return {
    size: '1280x720',
    scene: '1970-script',
    frames: 90,
    capture: { method: 'canvas', format: 'jpeg', probe: 'test' },
    drawing: t(drawMs),
    drawingColorOnly: t(drawMs / 2),
    captures: [{ path: 'canvas/jpeg', method: 'canvas', format: 'jpeg', still: t(18), eye: t(30), identicalToDefault: identical }],
    encode: [{ conversion: 'zscale', threads: 1, timing: t(17) }],
    pipeline: [{ threads: 1, timing: t(pipeMs) }],
    pipelineBefore: null,
    pageScreenshot: t(340),
    ratios: { pipelineOverDrawing: pipeMs / drawMs, pipelineOverFloor: 0, screenshotOverPipeline: 0 },
  };
}

describe('medianRow', () => {
  it('takes each timing\'s median over the passes and computes the ratios from the medians', () => {
    // One pass caught the machine slow while drawing (its ratio alone: 37.7 / 14.7 = 2.56, over the aim).
    const r = medianRow([pass(21.5, 35.1), pass(14.7, 37.7), pass(20.6, 38.1)]);
    expect(r.passes).toBe(3);
    expect(r.drawing.wallMs).toBe(20.6);
    expect(r.pipeline[0].timing.wallMs).toBe(37.7);
    expect(r.ratios.pipelineOverDrawing).toBe(Math.round((37.7 / 20.6) * 100) / 100);
    expect(r.ratios.pipelineOverFloor).toBe(Math.round((37.7 / 30) * 100) / 100);
    expect(r.ratios.screenshotOverPipeline).toBe(Math.round((340 / 37.7) * 100) / 100);
  });

  it('keeps the fewest identical frames of any pass, an even count\'s median between the middle two, and refuses no passes', () => {
    const r = medianRow([pass(10, 20, 90), pass(12, 24, 89)]);
    expect(r.captures[0].identicalToDefault).toBe(89);
    expect(r.drawing.wallMs).toBe(11);
    expect(() => medianRow([])).toThrow(RangeError);
  });
});
