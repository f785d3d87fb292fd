import type { GazeSignal } from '../signal.ts';
import { BROW_NODE_FIELDS } from '../../model/types.ts';
import type { GlintMeasure } from './glint.ts';
import type { MaskMeasure, PupilState } from './measure-mask.ts';

/** pixels.json's numeric code for each pupil state. */
export const PUPIL_STATE_CODE: Record<PupilState, number> = { whole: 2, partial: 1, lost: 0 };

/**
 * The pixel path's record of a film: one row per film frame, measured from that frame's mask pass.
 * Column by column, units in the names, like trace.json; NaN (null in JSON) where a frame could not
 * be measured (the pupil under the lid, a brow out of frame).
 */
export const PIXEL_FIELDS = [
  'frame',
  'tMs',
  'modelTMs',
  'pupilState',
  'pupilCenterXMm',
  'pupilCenterYMm',
  'pupilDiameterMm',
  'yawDeg',
  'pitchDeg',
  'apertureMm',
  'apertureColumnXMm',
  'browLiftMm',
  ...BROW_NODE_FIELDS,
  'glintXMm',
  'glintYMm',
  'glintAreaMm2',
] as const;
export type PixelField = (typeof PIXEL_FIELDS)[number];

/** Documentation of each column, written into every pixels.json. */
export const PIXEL_FIELD_DOCS: Record<PixelField, string> = {
  frame: 'film frame index (0 = first frame)',
  tMs: 'film time of the frame, frame / fps, ms',
  modelTMs: 'time of the 240 Hz model step the frame was drawn from, ms (its row in trace.json)',
  pupilState: '2: the whole pupil seen (centroid); 1: a lid or lashes over part of it, centre and size fitted to the rim it still shows; 0: lost (under the lid, a tracker\'s lost sample)',
  pupilCenterXMm: 'pupil centroid, mm right of the globe centre (null when not visible)',
  pupilCenterYMm: 'pupil centroid, mm above the globe centre (null when not visible)',
  pupilDiameterMm: 'pupil diameter along its unforeshortened axis, mm (null when not visible)',
  yawDeg: 'gaze from the pupil centre through the twin, + toward the viewer\'s right, degrees (null when not visible)',
  pitchDeg: 'gaze from the pupil centre through the twin, + up, degrees (null when not visible)',
  apertureMm: 'palpebral opening at apertureColumnXMm, mm (0 shut)',
  apertureColumnXMm: 'the column the opening was read at, mm: the pupil centre\'s; under the lid, the middle of the iris the slit shows; shut, the last column read (0 before any)',
  browLiftMm: 'rise of the brow\'s lower edge against a rest mask drawn at load, mm + up (null when no brow edge is in frame)',
  browHeadMm: 'the same rise at the brow chain\'s head node (inner end, u = 0), read over ±0.025 of the brow\'s length, mm + up (null when not seen)',
  browInnerMm: 'the same at the second node (u = 0.25), mm + up',
  browMidMm: 'the same at the middle node (u = 0.5), mm + up',
  browOuterMm: 'the same at the fourth node (u = 0.75), mm + up',
  browTailMm: 'the same at the tail node (outer end, u = 1), mm + up',
  glintXMm: 'the catchlight (the era\'s screen mirrored on the cornea), its centroid on the mask pass\'s catchlight plane, mm right of the globe centre (null when the lids cover it or no plane was drawn)',
  glintYMm: 'the same, mm above the globe centre',
  glintAreaMm2: 'the catchlight\'s area the opening shows, mm² (0 covered; null when no plane was drawn)',
};

/** Plain-array form as it crosses the page protocol (JSON: NaN travels as null). */
export interface PixelChunk {
  columns: Record<PixelField, (number | null)[]>;
}

export interface PixelTrace {
  columns: Record<PixelField, Float64Array>;
}

/** Rows as the page measures them, drained in chunks like the model trace. */
export class PixelRecorder {
  private rows: Record<PixelField, number[]> = emptyColumns();
  private last = -1;

  /** Record a frame once (the page may draw a frame twice: load draws frame 0, then Node asks for it). */
  push(frame: number, tMs: number, modelTMs: number, m: MaskMeasure, glint: GlintMeasure | null = null): void {
    if (frame <= this.last) return;
    this.last = frame;
    const r = this.rows;
    r.frame.push(frame);
    r.tMs.push(tMs);
    r.modelTMs.push(modelTMs);
    r.pupilState.push(PUPIL_STATE_CODE[m.pupil]);
    r.pupilCenterXMm.push(m.pupilCenterXMm);
    r.pupilCenterYMm.push(m.pupilCenterYMm);
    r.pupilDiameterMm.push(m.pupilDiameterMm);
    r.yawDeg.push(m.yawDeg);
    r.pitchDeg.push(m.pitchDeg);
    r.apertureMm.push(m.apertureMm);
    r.apertureColumnXMm.push(m.apertureColumnXMm);
    r.browLiftMm.push(m.browLiftMm);
    BROW_NODE_FIELDS.forEach((f, k) => r[f].push(m.browNodeLiftsMm[k]));
    r.glintXMm.push(glint ? glint.xMm : NaN);
    r.glintYMm.push(glint ? glint.yMm : NaN);
    r.glintAreaMm2.push(glint ? glint.areaMm2 : NaN);
  }

  drainChunk(): PixelChunk {
    const out = this.rows;
    this.rows = emptyColumns();
    return { columns: out };
  }
}

function emptyColumns(): Record<PixelField, number[]> {
  return Object.fromEntries(PIXEL_FIELDS.map((f) => [f, [] as number[]])) as unknown as Record<PixelField, number[]>;
}

/** Join chunks back into typed columns (null → NaN). */
export function joinPixelChunks(chunks: PixelChunk[]): PixelTrace {
  const columns = {} as Record<PixelField, Float64Array>;
  for (const f of PIXEL_FIELDS) {
    const all = chunks.flatMap((c) => c.columns[f]);
    columns[f] = Float64Array.from(all, (v) => (v === null ? NaN : v));
  }
  return { columns };
}

/** A pixels.json (as parsed) back into typed columns, for reading a film's pixel signal later. */
export function pixelTraceFromJson(json: unknown, source = 'pixels.json'): PixelTrace {
  const cols = (json as { columns?: Record<string, unknown> } | null)?.columns;
  if (!cols || typeof cols !== 'object') throw new Error(`${source}: no "columns"`);
  const columns = {} as Record<PixelField, Float64Array>;
  let n = -1;
  for (const f of PIXEL_FIELDS) {
    const col = cols[f];
    if (!Array.isArray(col) || col.some((v) => v !== null && typeof v !== 'number')) throw new Error(`${source}: column "${f}" is missing or not numbers`);
    if (n >= 0 && col.length !== n) throw new Error(`${source}: column "${f}" has ${col.length} rows, not ${n}`);
    n = col.length;
    columns[f] = Float64Array.from(col as (number | null)[], (v) => (v === null ? NaN : v));
  }
  return { columns };
}

/**
 * The pixel path as a gaze recording at the film's frame rate: what the detectors (detect) and the
 * film metrics read. Gaze is NaN where the pupil was lost; the aperture is always there (0 shut).
 */
export function pixelSignal(p: PixelTrace): GazeSignal {
  const c = p.columns;
  return { tMs: c.tMs, xDeg: c.yawDeg, yDeg: c.pitchDeg, apertureMm: c.apertureMm };
}
