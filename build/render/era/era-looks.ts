import type { EraId } from '../../scene/scene.ts';

/**
 * How each era's medium shows the eye: a short list of full-frame grade steps applied after the eye is
 * drawn. The eye's geometry is identical in every era; only its picture is filtered. Cheap by design:
 * a few composite fills and blits of pre-rendered overlays, at most one down/up-scale.
 */
export type OverlayKind =
  | 'scanlines'
  | 'shadowMask'
  | 'apertureGrille'
  | 'vignette'
  | 'lcdGrid'
  | 'dither'
  | 'screenGlowBelow'
  | 'noise'
  | 'grain';

export type GradeStep =
  /** Fill the frame with a colour under a composite operation (tint, wash, desaturate, contrast). */
  | { kind: 'fill'; op: GlobalCompositeOperation; color: string; alpha: number }
  /** Blit a pre-rendered full-frame overlay. */
  | { kind: 'overlay'; overlay: OverlayKind; op: GlobalCompositeOperation; alpha: number }
  /** Down-sample by `factor` and back up, nearest: the medium's coarser pixels. */
  | { kind: 'resample'; factor: number };

export interface EraLook {
  /** What the era's medium is, for the doc and the report. */
  medium: string;
  steps: GradeStep[];
}

/**
 * A camera's grain, in the eras whose picture is a photograph seen as it is (2009, 2013, 2026; the
 * others show the eye through a coarser medium, which resamples it, dithers it or adds its own noise).
 * Every plane of a rendered eye was equally clean (issue 18, point 5: "every plane equally sharp and
 * noiseless"); a photograph's is not. Drawn 'overlay' (overlays.ts 'grain': per-pixel noise about
 * mid-grey), so black stays black (the pupil). One frame's grain, one sd of luma at 1280×720 (2026):
 * the iris 2.0 levels, the white 2.35, the skin 2.5, the pupil's black 0.56 (grain-picture.test.ts).
 * One fixed pattern, not a new one each 15-Hz step as the webcam's noise: a still frame shows the same
 * grain, and x264 keeps a still pattern for little (changing at 15 Hz it cost 2026-script's films 3.2×
 * the bytes and x264 2× the CPU a frame; docs/speed.md).
 */
const CAMERA_GRAIN: GradeStep = { kind: 'overlay', overlay: 'grain', op: 'overlay', alpha: 0.1 };

export const ERA_LOOKS: Record<EraId, EraLook> = {
  '1970': {
    medium: 'green-phosphor terminal: monochrome green, faint scanlines, dark glass',
    steps: [
      { kind: 'fill', op: 'color', color: 'rgb(60, 255, 120)', alpha: 1 },
      { kind: 'fill', op: 'multiply', color: 'rgb(44, 150, 74)', alpha: 1 },
      { kind: 'overlay', overlay: 'scanlines', op: 'multiply', alpha: 0.5 },
      { kind: 'overlay', overlay: 'vignette', op: 'multiply', alpha: 0.9 },
    ],
  },
  '1981': {
    medium: 'early GUI bitmap display: grey, chunky pixels, an ordered dither',
    steps: [
      { kind: 'resample', factor: 3 },
      { kind: 'fill', op: 'saturation', color: 'rgb(128, 128, 128)', alpha: 1 },
      { kind: 'overlay', overlay: 'dither', op: 'overlay', alpha: 0.55 },
      { kind: 'fill', op: 'multiply', color: 'rgb(236, 234, 226)', alpha: 1 },
    ],
  },
  '1991': {
    medium: 'VGA colour CRT: a little coarse, shadow mask, soft scanlines, curved dark corners',
    steps: [
      { kind: 'resample', factor: 2 },
      { kind: 'overlay', overlay: 'shadowMask', op: 'multiply', alpha: 0.35 },
      { kind: 'overlay', overlay: 'scanlines', op: 'multiply', alpha: 0.22 },
      { kind: 'overlay', overlay: 'vignette', op: 'multiply', alpha: 0.7 },
    ],
  },
  '1995': {
    medium: 'the web-safe palette: dithered flat colour at 800×600',
    steps: [
      { kind: 'resample', factor: 2 },
      { kind: 'overlay', overlay: 'dither', op: 'overlay', alpha: 0.35 },
      { kind: 'overlay', overlay: 'vignette', op: 'multiply', alpha: 0.4 },
    ],
  },
  '1997': {
    medium: 'a flat Trinitron CRT: aperture-grille stripes, cool white',
    steps: [
      { kind: 'fill', op: 'multiply', color: 'rgb(232, 238, 255)', alpha: 1 },
      { kind: 'overlay', overlay: 'apertureGrille', op: 'multiply', alpha: 0.28 },
      { kind: 'overlay', overlay: 'vignette', op: 'multiply', alpha: 0.45 },
    ],
  },
  '2000': {
    medium: 'a laptop LCD: washed-out blacks, cool backlight, a faint pixel grid',
    steps: [
      { kind: 'fill', op: 'screen', color: 'rgb(46, 52, 66)', alpha: 1 },
      { kind: 'fill', op: 'multiply', color: 'rgb(222, 230, 246)', alpha: 1 },
      { kind: 'overlay', overlay: 'lcdGrid', op: 'multiply', alpha: 0.3 },
    ],
  },
  '2003': {
    medium: 'a webcam video call: low resolution, sensor noise, a yellow-green cast',
    steps: [
      { kind: 'resample', factor: 3 },
      { kind: 'fill', op: 'multiply', color: 'rgb(246, 240, 200)', alpha: 1 },
      { kind: 'fill', op: 'screen', color: 'rgb(26, 30, 14)', alpha: 1 },
      { kind: 'overlay', overlay: 'noise', op: 'overlay', alpha: 0.3 },
      { kind: 'overlay', overlay: 'vignette', op: 'multiply', alpha: 0.5 },
    ],
  },
  '2009': {
    medium: 'lit by a phone screen held low: cold light from below, dim above; a camera\'s grain',
    // The light falls on the face before the camera takes it: the grain after it.
    steps: [{ kind: 'overlay', overlay: 'screenGlowBelow', op: 'multiply', alpha: 1 }, CAMERA_GRAIN],
  },
  '2013': {
    medium: 'a filtered selfie: a camera\'s grain, warm, faded blacks, a soft vignette',
    steps: [
      CAMERA_GRAIN,
      { kind: 'fill', op: 'soft-light', color: 'rgb(255, 190, 140)', alpha: 0.45 },
      { kind: 'fill', op: 'screen', color: 'rgb(44, 28, 36)', alpha: 1 },
      { kind: 'overlay', overlay: 'vignette', op: 'multiply', alpha: 0.6 },
    ],
  },
  '2026': {
    medium: 'natural full colour: a camera\'s grain',
    steps: [CAMERA_GRAIN],
  },
};
