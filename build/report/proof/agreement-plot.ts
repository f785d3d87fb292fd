import * as Plot from '@observablehq/plot';
import type { Agreement } from './report-data.ts';
import { plotSvg } from './plot-svg.ts';
import { PLOT_STYLE as S } from './plot-style.ts';

/** What the agreement plot can show: the opening or the horizontal gaze. */
export type AgreementQuantity = 'aperture' | 'yaw';

/**
 * The film measured from its own pixels against the model at the same frames, for one quantity: the
 * model as a line, the pixels as dots (a frame where the tracker lost the pupil has no yaw dot).
 */
export function agreementPlot(a: Agreement, durationS: number, quantity: AgreementQuantity): string {
  const model = a.frames.map((f) => ({ t: f.tS, v: quantity === 'aperture' ? f.modelApertureMm : f.modelYawDeg }));
  const pixel = a.frames
    .map((f) => ({ t: f.tS, v: quantity === 'aperture' ? f.pixelApertureMm : f.pixelYawDeg }))
    .filter((p): p is { t: number; v: number } => p.v !== null);
  return plotSvg({
    width: S.width,
    height: S.height * 0.7,
    x: { label: 'film time (s)', domain: [0, durationS] },
    y: { label: quantity === 'aperture' ? 'aperture (mm)' : 'yaw (°)', grid: true },
    color: { domain: ['model', 'pixels'], range: [S.model, S.pixel], legend: quantity === 'aperture' },
    marks: [
      Plot.lineY(model, { x: 't', y: 'v', stroke: () => 'model', strokeWidth: 1 }),
      Plot.dot(pixel, { x: 't', y: 'v', fill: () => 'pixels', r: 1.6 }),
    ],
  });
}
