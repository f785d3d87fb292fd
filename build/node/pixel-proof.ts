import { joinChunks, type TraceChunk } from '../model/trace.ts';
import { filmAgreement, PIXEL_AGREEMENT, type FilmAgreement } from '../measure/pixels/agreement.ts';
import { joinPixelChunks, PIXEL_FIELDS, PIXEL_FIELD_DOCS, type PixelChunk, type PixelTrace } from '../measure/pixels/pixel-trace.ts';
import type { Scene } from '../scene/scene.ts';
import type { FilmVerdict } from './film-verdict.ts';

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

/** Everything the pixel path leaves in a scene's folder, and the verdict the render acts on. */
export interface FilmPixels {
  agreement: FilmAgreement;
  pixelsJson: string;
  assertionsJson: string;
}

/** Measure a rendered film's pixel rows against its trace; the files are returned, not written. */
export function filmPixels(scene: Scene, trace: TraceChunk[], rows: PixelChunk[], mask: MaskSize, verdict: FilmVerdict): FilmPixels {
  const pixels = joinPixelChunks(rows);
  const agreement = filmAgreement(scene.name, scene.fps, joinChunks(trace), pixels);
  return { agreement, pixelsJson: pixelsJson(scene, pixels, mask), assertionsJson: assertionsJson(scene, agreement, verdict) };
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
