import type { EraLight } from '../../model/eras/era-light.ts';
import type { EyeSample } from '../../model/types.ts';

/**
 * Where the era's light shows on the cornea, and how big, in the twin's mm (+y up).
 *
 * The cornea is a convex mirror: a sphere of radius CORNEA_RADIUS_MM whose centre sits
 * CORNEA_CENTRE_MM in front of the globe's centre along the gaze (its apex then ~14.5 mm out, and it
 * meets the 12 mm globe's iris plane at ~5.5–6 mm from the axis, the limbus). A distant light in
 * direction L shows to a camera in direction C (the viewer, +z) where the sphere's normal bisects them:
 * P = corneaCentre + r·normalize(L + C). As the eye turns, the cornea's centre moves 6.7·sin(angle) mm
 * and the iris 12·sin(angle): the reflection slides across the cornea at a bit over half the iris's
 * pace, as a real catchlight does. It ignores the iris wobble (the cornea does not wobble).
 *
 * Its size is the light's virtual image: a convex mirror of focal length r/2 shrinks an object of
 * size h at distance d to h·(r/2)/d (a laptop at 50 cm: ~2.2 × 1.6 mm; a phone at 32 cm: ~0.6 × 0.9 mm).
 * The camera (the viewer) sits where a webcam does, at the top edge of the device, so the screen's
 * centre lies half its height plus a bezel below it; a ring light is centred on the camera.
 */
export const CORNEA_RADIUS_MM = 7.8;
export const CORNEA_CENTRE_MM = 6.7;
/** The device's top bezel between its camera and its screen's top edge, cm. */
export const CAMERA_BEZEL_CM = 1.5;

const DEG = Math.PI / 180;

/** Unit vector from the eye toward the light's centre (+x viewer's right, +y up, +z toward the viewer). */
export function lightDirection(light: EraLight): { x: number; y: number; z: number } {
  const below = light.catchlight.kind === 'ring' ? 0 : light.screenHeightCm / 2 + CAMERA_BEZEL_CM;
  const d = Math.hypot(below, light.viewingDistanceCm);
  return { x: 0, y: -below / d, z: light.viewingDistanceCm / d };
}

/** The catchlight's centre in the picture, mm about the globe centre (+y up). */
export function catchlightCentreMm(s: Pick<EyeSample, 'yawDeg' | 'pitchDeg'>, light: EraLight): { xMm: number; yMm: number } {
  const yaw = s.yawDeg * DEG;
  const pitch = s.pitchDeg * DEG;
  const gx = Math.sin(yaw) * Math.cos(pitch);
  const gy = Math.sin(pitch);
  const l = lightDirection(light);
  const nx = l.x;
  const ny = l.y;
  const nz = l.z + 1;
  const n = Math.hypot(nx, ny, nz);
  return {
    xMm: CORNEA_CENTRE_MM * gx + (CORNEA_RADIUS_MM * nx) / n,
    yMm: CORNEA_CENTRE_MM * gy + (CORNEA_RADIUS_MM * ny) / n,
  };
}

/** How many mm on the cornea a cm of the light measures: the mirror's focal length over the distance. */
export function catchlightMmPerCm(light: EraLight): number {
  return ((CORNEA_RADIUS_MM / 2) * 10) / (light.viewingDistanceCm * 10);
}

/** The catchlight's size, mm: the screen's width × height, or the ring's outer diameter twice. */
export function catchlightSizeMm(light: EraLight): { widthMm: number; heightMm: number } {
  const k = catchlightMmPerCm(light);
  const c = light.catchlight;
  if (c.kind === 'ring') return { widthMm: c.outerDiameterCm * k, heightMm: c.outerDiameterCm * k };
  return { widthMm: light.screenWidthCm * k, heightMm: light.screenHeightCm * k };
}

/**
 * How much light the reflection adds (0–1, drawn with 'screen'). The cornea reflects ~2.5 % of the
 * screen, which lands near the brightness of the face the screen lights; but an iris reflects a
 * fifth of what skin does, and this iris is drawn near the skin's own brightness, so a reflection at
 * "2.5 %" (0.12–0.5 of the screen's colour) was a grey veil over the pupil and vanished over the
 * iris. Here it is what a camera exposed for the face shows: a dim terminal a clear glow, a desk
 * screen a light shape over iris and pupil alike, a phone at full brightness near white. Log-scaled
 * with luminance.
 */
export function catchlightStrength(light: EraLight): number {
  return Math.min(0.85, Math.max(0.3, 0.34 + 0.22 * Math.log10(light.luminanceCdM2 / 10)));
}
