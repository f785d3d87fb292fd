import type { SkinChange } from './blink-skin-change.ts';
import { PICTURE_LIMITS } from './picture-limits.ts';
import type { VerticalEdge } from './vertical-edges.ts';

/** A scene's picture test: the three checks of eye.md §11, each with its worst frame and verdict. */
export interface PictureReport {
  scene: string;
  width: number;
  height: number;
  fps: number;
  frames: number;
  pxPerMm: number;
  limits: typeof PICTURE_LIMITS;
  edges: {
    /** Every `stride`-th frame, plus every blink frame and its open frame. */
    framesChecked: number;
    stride: number;
    /** Frames whose longest straight vertical edge is over the cap. */
    framesOver: number;
    worst: (VerticalEdge & { frame: number }) | null;
    /**
     * Colour runs over the cap that lie on the mask's geometry (an honest curve in a coarse era's
     * blocks; geometry-edge.ts): not counted against the frame, whose mask edge counts instead.
     */
    geometryRuns: number;
    worstGeometry: (VerticalEdge & { frame: number }) | null;
    /** Longest edge per checked frame, mm (frame → mm). */
    perFrameMm: Record<number, number>;
    pass: boolean;
  };
  blinks: {
    episodes: {
      refFrame: number;
      firstFrame: number;
      lastFrame: number;
      /** Frames compared with refFrame (a tour's frames in another era than refFrame's are not). */
      framesCompared: number;
      blinks: number;
      /** Pixels of skin outside the eye's outline that were compared. */
      regionPixels: number;
      browFromMask: boolean;
      worst: SkinChange & { frame: number };
      pass: boolean;
    }[];
    worstP99Levels: number;
    worstMaxLevels: number;
    pass: boolean;
  };
  topRows: {
    rows: number;
    framesChecked: number;
    /** Whether the mask pass has a brow class (today's four-colour mask does not: colour alone decides). */
    maskHasBrow: boolean;
    framesWithBrow: number;
    worstHairScore: number;
    worstFrame: number;
    worstMaskBrowPixels: number;
    pass: boolean;
  };
  pass: boolean;
}

/** Does one blink frame's skin change hold (p99 and max both inside "a few levels")? */
export function skinChangeHolds(c: SkinChange): boolean {
  return c.p99Levels <= PICTURE_LIMITS.skinChangeP99Levels && c.maxLevels <= PICTURE_LIMITS.skinChangeMaxLevels;
}

/** Does one frame's longest straight vertical edge hold? */
export function edgeHolds(e: VerticalEdge | null): boolean {
  return !e || e.lengthMm <= PICTURE_LIMITS.maxVerticalEdgeMm;
}

/** How far over its limits a skin change is (1 = at a limit): orders blink frames worst first. */
export function skinChangeSeverity(c: SkinChange): number {
  return Math.max(c.p99Levels / PICTURE_LIMITS.skinChangeP99Levels, c.maxLevels / PICTURE_LIMITS.skinChangeMaxLevels);
}
