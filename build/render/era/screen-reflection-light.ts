import type { EraLight } from '../../model/eras/era-light.ts';
import type { RoomLight } from './room-light.ts';

/**
 * How bright the screen's image in the cornea is in a picture exposed for the face, from the lights
 * themselves rather than chosen by eye. The cornea mirrors CORNEA_REFLECTANCE of the screen's luminance
 * (Fresnel at normal incidence, n 1.376: Gullstrand's cornea). The camera exposes for the skin: skin
 * of SKIN_ALBEDO lit by E lux is SKIN_ALBEDO · E / π cd/m² and is placed at SKIN_EXPOSED of white
 * (linear). E is the screen's own light on the face (its luminance times the solid angle it fills)
 * plus the room's (RoomLight.faceLux). So a screen that alone lights the face mirrors near white (a
 * laptop in a dark room: ~0.4 linear, a phone held close clips), and the same screen in a room lit by
 * a window by day shows a faint grey rectangle (~0.025 linear, ~44 of 255 once encoded): the window's
 * own image is then the bright one.
 */
export const CORNEA_REFLECTANCE = ((1.376 - 1) / (1.376 + 1)) ** 2;
/** Light skin's diffuse reflectance over the visible band (~0.45), and the linear level the exposure puts it at. */
const SKIN_ALBEDO = 0.45;
const SKIN_EXPOSED = 0.5;

/** The screen's light on the face, lux: its luminance times the solid angle it fills (a small source facing the face). */
export function screenLuxOnFace(light: EraLight): number {
  const solidAngleSr = (light.screenWidthCm * light.screenHeightCm) / (light.viewingDistanceCm * light.viewingDistanceCm);
  return light.luminanceCdM2 * solidAngleSr;
}

/** The screen's corneal image at its brightest (a white page), linear 0 … 1 of the picture's white. */
export function screenReflectionLinear(light: EraLight, room: RoomLight | null): number {
  const faceLux = screenLuxOnFace(light) + (room?.faceLux ?? 0);
  const whiteCdM2 = (SKIN_ALBEDO * faceLux) / Math.PI / SKIN_EXPOSED;
  return Math.min(1, (CORNEA_REFLECTANCE * light.luminanceCdM2) / whiteCdM2);
}

/** The same, encoded as the picture is (sRGB), 0 … 1. */
export function screenReflectionLevel(light: EraLight, room: RoomLight | null): number {
  return srgbEncode(screenReflectionLinear(light, room));
}

/**
 * The room's walls in the cornea, linear 0 … 1 of the picture's white, by the same exposure: a wall of
 * WALL_ALBEDO lit by WALL_LIGHT_SHARE of the room's light on the face (the room behind the viewer faces
 * the light less squarely than the face does). In every room that lights the face that is ~0.004 (~12 of
 * 255 over a black pupil): the exposure for the face sets the walls' level, not the lux;
 * where the screen alone lights the face (2009's dusk, 1970's dim machine room) it is fainter, and with
 * no room light (2013's ring light) nothing.
 */
export function roomWallReflectionLinear(light: EraLight, room: RoomLight | null): number {
  if (!room) return 0;
  const faceLux = screenLuxOnFace(light) + room.faceLux;
  return (CORNEA_REFLECTANCE * WALL_ALBEDO * WALL_LIGHT_SHARE * room.faceLux * SKIN_EXPOSED) / (SKIN_ALBEDO * faceLux);
}
/** What the cornea sees of a room is walls (0.5–0.7), furniture and floor (0.2–0.3): ~0.4 in all. */
const WALL_ALBEDO = 0.4;
/** The room behind the viewer faces the room's light less squarely than the face does. */
const WALL_LIGHT_SHARE = 0.35;

/** Linear light to the picture's sRGB encoding, 0 … 1. */
export function srgbEncode(v: number): number {
  return v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055;
}

/** The picture's sRGB encoding to linear light, 0 … 1. */
export function srgbDecode(e: number): number {
  return e <= 0.04045 ? e / 12.92 : ((e + 0.055) / 1.055) ** 2.4;
}

/**
 * The opacity at which canvas 'screen' (which works on encoded values: d + s·a·(1 − d)) adds `linear`
 * light, painted at its own encoding s, over an encoded level d (0 … 1) as a linear sum would.
 */
export function screenOpacityFor(d: number, linear: number): number {
  const s = srgbEncode(linear);
  return s > 0 ? (srgbEncode(srgbDecode(d) + linear) - d) / (s * (1 - d)) : 0;
}
