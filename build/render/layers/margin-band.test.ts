import { describe, expect, it } from 'vitest';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { traceMarginBand } from './margin-band.ts';

/** A path recorder: each call's name and its end point. */
function recorder() {
  const calls: { op: string; x: number; y: number }[] = [];
  return {
    calls,
    moveTo: (x: number, y: number) => void calls.push({ op: 'move', x, y }),
    lineTo: (x: number, y: number) => void calls.push({ op: 'line', x, y }),
    quadraticCurveTo: (_cx: number, _cy: number, x: number, y: number) => void calls.push({ op: 'quad', x, y }),
    closePath: () => void calls.push({ op: 'close', x: NaN, y: NaN }),
  };
}

const frame = { centerXPx: 640, centerYPx: 360, pxPerMm: 36, widthPx: 1280, heightPx: 720 } as EyeFrame;

function margins(lower: (x: number) => number): LidMargins {
  return { xLateralMm: -15, xMedialMm: 15, pupilColumnMm: 0, upperDrapeMm: 0, lowerDrapeMm: 0, openness: 1, closure: 0, upperMm: () => 5, lowerMm: lower };
}

describe('traceMarginBand', () => {
  it('traces a smooth margin in quadratics, back to the lateral end on its other side', () => {
    const r = recorder();
    const m = margins((x) => -4 + 0.01 * x * x);
    traceMarginBand(r, frame, m, 'lower', 0.1, -0.3, () => 1);
    expect(r.calls.filter((c) => c.op === 'line')).toHaveLength(1); // only across the medial end
    expect(r.calls.filter((c) => c.op === 'quad')).toHaveLength(60);
    const end = r.calls[r.calls.length - 2];
    expect(end.x).toBeCloseTo(640 - 15 * 36, 9);
    expect(end.y).toBeCloseTo(360 - (-4 + 2.25 - 0.3) * 36, 9);
  });

  it('traces a sharp turn straight, sample by sample, where a quadratic would cut it', () => {
    const r = recorder();
    // A kink 0.5 mm deep over one sample near the lateral canthus.
    const m = margins((x) => (Math.abs(x + 13.5) < 0.2 ? -4.5 : -4));
    traceMarginBand(r, frame, m, 'lower', 0, -0.3, () => 1);
    expect(r.calls.filter((c) => c.op === 'line').length).toBeGreaterThanOrEqual(8);
    expect(r.calls.filter((c) => c.op === 'quad').length).toBeLessThan(60);
  });
});
