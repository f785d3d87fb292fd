import { maskClasses } from '../../measure/picture/mask-classes.ts';
import { onMaskBoundary } from '../../measure/picture/geometry-edge.ts';
import { PICTURE_LIMITS } from '../../measure/picture/picture-limits.ts';
import { verticalEdgeRuns } from '../../measure/picture/vertical-edges.ts';
import { eyeFrame } from '../../render/geometry/eye-frame.ts';
import { gazeSample } from '../eye-samples.ts';
import type { EraId } from '../../scene/scene.ts';
import type { EyeSample } from '../../model/types.ts';
import { lumaOf } from '../../measure/picture/rgba-frame.ts';
import { PAGE_SIZE, drawPasses, exposed } from './page-kit.ts';

const W = PAGE_SIZE.widthPx;
const H = PAGE_SIZE.heightPx;

/**
 * The picture test's edge check (eye.md §11) on one hand-made sample, as `eye picture` reads a
 * frame: every straight vertical run over the cap, and whether the mask's geometry lies under it
 * (the era's blocks over an honest curve) or not (the renderer's own straight edge).
 */
exposed.edgeRuns = (era: EraId, yawDeg: number, pitchDeg: number, pupilMm: number, tMs: number) => edgeRunsOf(gazeSample(yawDeg, pitchDeg, { pupilMm, tMs }), era);

/** …of a whole sample (a scene's frame, simulated in Node). */
exposed.sampleEdgeRuns = (s: EyeSample) => edgeRunsOf(s, s.era);

function edgeRunsOf(s: EyeSample, era: EraId) {
  const { c, m } = drawPasses(s, era);
  const luma = lumaOf({ width: W, height: H, data: c });
  const pxPerMm = eyeFrame(W, H).pxPerMm;
  const runs = verticalEdgeRuns(luma, W, H, pxPerMm, {}, Math.floor(PICTURE_LIMITS.maxVerticalEdgeMm * pxPerMm) + 1);
  const classes = maskClasses({ width: W, height: H, data: m });
  return runs.map((r) => ({ ...r, geometry: onMaskBoundary(r, classes, W) }));
}
