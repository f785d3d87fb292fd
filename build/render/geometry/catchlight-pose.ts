import type { EraLight } from '../../model/eras/era-light.ts';
import type { EyeSample } from '../../model/types.ts';
import type { RoomLight } from '../era/room-light.ts';

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
export function lightDirection(light: EraLight): Direction {
  const below = light.catchlight.kind === 'ring' ? 0 : light.screenHeightCm / 2 + CAMERA_BEZEL_CM;
  const d = Math.hypot(below, light.viewingDistanceCm);
  return { x: 0, y: -below / d, z: light.viewingDistanceCm / d };
}

/** Unit vector from the eye toward a room light's centre (the same axes as lightDirection). */
export function roomDirection(room: RoomLight): Direction {
  const az = room.azimuthDeg * DEG;
  const el = room.elevationDeg * DEG;
  return { x: Math.sin(az) * Math.cos(el), y: Math.sin(el), z: Math.cos(az) * Math.cos(el) };
}

/**
 * Where a distant light in direction `l` shows on the cornea for this gaze, mm about the globe centre
 * (+y up), and how the cornea's curve foreshortens its image there: the mirror's normal at that point
 * bisects the light and the viewer, and a patch of a sphere tilted by θ from the view shows cos θ of
 * its radial extent (`radialScale`), along `radialAngleRad` (the picture's angle, +y down, of the
 * direction from the cornea's middle out to the point). A light far off to the side shows narrowed;
 * the gaze moves the image but, the cornea being a sphere, never reshapes it.
 */
export function reflectionOnCornea(
  s: Pick<EyeSample, 'yawDeg' | 'pitchDeg'>,
  l: Direction,
): { xMm: number; yMm: number; radialScale: number; radialAngleRad: number } {
  const yaw = s.yawDeg * DEG;
  const pitch = s.pitchDeg * DEG;
  const gx = Math.sin(yaw) * Math.cos(pitch);
  const gy = Math.sin(pitch);
  const m = cornealImageMm(l);
  return {
    xMm: CORNEA_CENTRE_MM * gx + m.xMm,
    yMm: CORNEA_CENTRE_MM * gy + m.yMm,
    radialScale: m.cosTilt,
    radialAngleRad: Math.atan2(-m.yMm, m.xMm),
  };
}

/** A direction or a point seen from the eye, any length (+x viewer's right, +y up, +z toward the viewer). */
export interface Direction {
  x: number;
  y: number;
  z: number;
}

/**
 * The cornea's mirror, the one home of it: where a distant point seen from the eye in direction `l`
 * shows to the viewer (+z), mm about the image of the cornea's centre (+y up): the sphere's point
 * whose normal bisects `l` and the view, CORNEA_RADIUS_MM · normalize(l̂ + view); and the cosine of
 * that normal's tilt from the view. Every reflection is traced through it point by point (the
 * screen's outline, a window's panes, a lamp's disc: assets/mirror-trace.ts), so a straight edge on
 * the glass bends only as much as the sphere bends it (next to nothing for a window 4 m off), and the
 * image is foreshortened by the tilt of the mirror where it shows.
 */
export function cornealImageMm(l: Direction): { xMm: number; yMm: number; cosTilt: number } {
  const len = Math.hypot(l.x, l.y, l.z);
  const nx = l.x / len;
  const ny = l.y / len;
  const nz = l.z / len + 1;
  const n = Math.hypot(nx, ny, nz);
  return { xMm: (CORNEA_RADIUS_MM * nx) / n, yMm: (CORNEA_RADIUS_MM * ny) / n, cosTilt: nz / n };
}

/** The catchlight's centre in the picture, mm about the globe centre (+y up). */
export function catchlightCentreMm(s: Pick<EyeSample, 'yawDeg' | 'pitchDeg'>, light: EraLight): { xMm: number; yMm: number } {
  const r = reflectionOnCornea(s, lightDirection(light));
  return { xMm: r.xMm, yMm: r.yMm };
}

/** A room light's reflection: its width and height on the cornea, mm (the same mirror as the screen's). */
export function roomReflectionSizeMm(room: RoomLight): { widthMm: number; heightMm: number } {
  const k = (CORNEA_RADIUS_MM / 2) / room.distanceCm;
  return { widthMm: room.widthCm * k, heightMm: room.heightCm * k };
}

/**
 * The second, dimmer reflection from the back of the lens (Purkinje IV), seen only through the pupil:
 * a real, inverted image a little smaller than the cornea's, on the far side of the pupil's middle
 * from the first (it moves against it as the eye turns). Its offset from the pupil centre is
 * LENS_IMAGE_OFFSET of the first's, its size LENS_IMAGE_SCALE, its light LENS_IMAGE_LIGHT
 * (it is ~1 % of the first's energy in a lab; a camera clipped at white shows it far brighter than that).
 */
export const LENS_IMAGE_OFFSET = -0.55;
export const LENS_IMAGE_SCALE = 0.5;
export const LENS_IMAGE_LIGHT = 0.14;
/**
 * How soft the lens's image shows, mm (a blur's radius at its drawn size): in photographs of eyes it
 * is a soft spot where the cornea's image is crisp (it is formed behind the cornea's, by a surface
 * the camera does not focus on, through the lens's own scatter).
 */
export const LENS_IMAGE_BLUR_MM = 0.06;

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
