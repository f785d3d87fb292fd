import { joinChunks, type TraceChunk } from '../../../model/trace.ts';
import { eraAt } from '../../../model/stage/stage.ts';
import { DEFAULT_PARAMS } from '../../../measure/params.ts';
import { filmAgreement, PIXEL_AGREEMENT, type FilmAgreement } from '../../../measure/pixels/agreement.ts';
import { joinPixelChunks, PIXEL_FIELDS, PIXEL_FIELD_DOCS, type PixelChunk, type PixelTrace } from '../../../measure/pixels/pixel-trace.ts';
import { pixelSignal } from '../../../measure/pixels/pixel-trace.ts';
import { filmMetrics, type FilmMetrics } from '../../../measure/film-metrics.ts';
import { allWithin, withinSpread, type SpreadVerdict } from '../../../measure/film-spread.ts';
import { spreadAssertions, spreadOver } from '../../check/node/check-films.ts';
import { formatValue } from '../../../report/table.ts';
import type { Scene } from '../../../scene/scene.ts';
import type { EraSpread } from '../../check/node/era-spread.ts';
import type { FilmVerdict } from '../../../node/ffmpeg/film-verdict.ts';

/**
 * The mask pass is measured at this fraction of the film's size: at 1280×720 that is 640×360,
 * 14.4 px/mm, where the sub-pixel edges read the opening to ~0.05 mm (well inside the 0.3 mm
 * agreement) at a fraction of a full-size read-back's cost.
 */
export const DEFAULT_MASK_SCALE = 0.5;

export interface MaskSize {
  widthPx: number;
  heightPx: number;
  scale: number;
}

/**
 * Does the film look like its era's typical seconds? Its pixel-measured numbers (filmMetrics on the
 * pixel signal) against the era's 10th–90th percentiles over films of the same length and rate.
 */
export interface FilmRepresentative {
  pass: boolean;
  /** Whether a verdict outside the spread fails the film (a proof film), or is only reported. */
  held: boolean;
  metrics: FilmMetrics;
  /** What the spread was taken over (windows of long runs, or seeds of a scene with a timeline). */
  spreadOver: { method: string; films: number; windowS: number; fps: number };
  verdicts: SpreadVerdict[];
}

/** Everything the pixel path leaves in a scene's folder, and the verdict the render acts on. */
export interface FilmPixels {
  /** `pass`: agreement and representativeness; `agreementPass`: the pixels agree with the model. */
  agreement: FilmAgreement & { agreementPass: boolean; metrics: FilmMetrics; representative: FilmRepresentative | null };
  pixelsJson: string;
  assertionsJson: string;
}

/** Measure a rendered film's pixel rows against its trace; the files are returned, not written. */
export function filmPixels(scene: Scene, trace: TraceChunk[], rows: PixelChunk[], mask: MaskSize, verdict: FilmVerdict, spread: EraSpread | null, holdSpread = true): FilmPixels {
  const pixels = joinPixelChunks(rows);
  const agreement = withRepresentative(scene, filmAgreement(scene.name, scene.fps, joinChunks(trace), pixels, DEFAULT_PARAMS, (tMs) => eraAt(scene, tMs)), pixels, spread, holdSpread);
  return { agreement, pixelsJson: pixelsJson(scene, pixels, mask), assertionsJson: assertionsJson(scene, agreement, verdict) };
}

/** The agreement, with the film's numbers held to its era's spread folded into its assertions and verdict. */
function withRepresentative(scene: Scene, a: FilmAgreement, pixels: PixelTrace, spread: EraSpread | null, held: boolean): FilmPixels['agreement'] {
  // The film's numbers from its own pixels, with or without a spread to hold them to: the ledger keeps them (pixel.<name>).
  const metrics = filmMetrics(pixelSignal(pixels));
  if (!spread) return { ...a, agreementPass: a.pass, metrics, representative: null };
  const verdicts = withinSpread(metrics, spread.spread);
  const label = held ? 'proof film, pixel-measured' : 'film, pixel-measured (reported only: not the proof film)';
  const assertions = spreadAssertions(scene.name, verdicts, label, `against ${spreadOver(spread)}`).map((x) => (held ? x : { ...x, pass: true }));
  const failed = assertions.filter((x) => !x.pass).map((x) => `${x.name} ${formatValue(x.value)} (${x.capText})`);
  const representative: FilmRepresentative = {
    pass: allWithin(verdicts),
    held,
    metrics,
    spreadOver: { method: spread.plan.method, films: spread.films, windowS: spread.plan.windowS, fps: spread.plan.fps },
    verdicts,
  };
  return { ...a, agreementPass: a.pass, metrics, pass: a.pass && (representative.pass || !held), assertions: [...a.assertions, ...assertions], failed: [...a.failed, ...failed], representative };
}

/** pixels.json: the per-frame pixel signal, column by column, each field documented (NaN → null). */
export function pixelsJson(scene: Scene, pixels: PixelTrace, mask: MaskSize): string {
  const columns: Record<string, (number | null)[]> = {};
  for (const f of PIXEL_FIELDS) columns[f] = Array.from(pixels.columns[f], (v) => (Number.isFinite(v) ? v : null));
  return `${JSON.stringify({
    about: 'The film measured from its own pixels: each frame\'s mask pass (pupil, iris, sclera, skin, lashes, brow in flat colours, drawn from the same sample as the film frame) read as a dark-pupil tracker reads an eye. One row per film frame; null where a frame could not be measured.',
    source: 'page mask pass',
    scene: scene.name,
    fps: scene.fps,
    frames: pixels.columns.frame.length,
    mask,
    fields: PIXEL_FIELD_DOCS,
    columns,
  })}\n`;
}

/** assertions.json: every check this film was held to (pipeline.md: name, measured value, cap, pass). */
export function assertionsJson(scene: Scene, agreement: FilmAgreement | null, verdict: FilmVerdict): string {
  const film = verdict.checks.map((c) => ({
    scene: scene.name,
    name: `film ${c.name}`,
    metric: `film.${c.name}`,
    value: c.got,
    cap: { equals: c.expected },
    capText: `= ${c.expected}`,
    pass: c.pass,
  }));
  const all = [...film, ...(agreement?.assertions ?? [])];
  return `${JSON.stringify(
    {
      scene: scene.name,
      pass: all.every((a) => a.pass),
      failed: all.filter((a) => !a.pass).map((a) => a.name),
      pixels: agreement ? 'measured' : 'not measured (--no-pixels): only the film\'s own checks',
      caps: PIXEL_AGREEMENT,
      assertions: all,
    },
    null,
    2,
  )}\n`;
}
