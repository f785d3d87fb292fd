import type { EraId } from '../../scene/scene.ts';

/**
 * The light and the device of each era (eye.md §3): what the eye is looking at and from how far.
 * Effects that come from the device are derived from this table, never from a per-era constant:
 * the pupil's size from the screen's luminance and field (pupil.ts), the near reflex and the slight
 * inward turn from the viewing distance (2009's phone at 32 cm), the renderer's tint from the colour.
 */
export interface EraLight {
  /** Eye to screen, cm. */
  viewingDistanceCm: number;
  /** Mean luminance of the screen as the eye sees it, cd/m². */
  luminanceCdM2: number;
  /** The screen's size, cm (its angular area is the adapting field). */
  screenWidthCm: number;
  screenHeightCm: number;
  /** The screen light's colour, sRGB hex (#rrggbb), for the renderer to tint the eye with. */
  colourHex: string;
  /** What the device is, for captions and review. */
  device: string;
  /** How the device shows in the cornea (the renderer's catchlight; no model behaviour reads it). */
  catchlight: EraCatchlight;
}

/**
 * The shape of the device's reflection. A screen reflects at its own size (screenWidthCm ×
 * screenHeightCm at viewingDistanceCm): a rounded rectangle, its corners those of the glass (a CRT's
 * are round), showing what it shows when that is more than an even glow (a terminal's lines of text
 * on black; a video call's face in its middle). A ring light reflects as a ring, at the viewing distance.
 */
export type EraCatchlight =
  | { kind: 'screen'; cornerRadiusCm: number; content: 'glow' | 'text-lines' | 'call' }
  | { kind: 'ring'; outerDiameterCm: number; innerDiameterCm: number };

export const ERA_LIGHT: Record<EraId, EraLight> = {
  // Green phosphor (P1) text on black: a dim field.
  '1970': { viewingDistanceCm: 60, luminanceCdM2: 15, screenWidthCm: 28, screenHeightCm: 21, colourHex: '#33ff66', device: 'VT terminal', catchlight: { kind: 'screen', cornerRadiusCm: 3, content: 'text-lines' } },
  '1981': { viewingDistanceCm: 60, luminanceCdM2: 70, screenWidthCm: 30, screenHeightCm: 22, colourHex: '#dfe6f0', device: 'bitmap desktop CRT', catchlight: { kind: 'screen', cornerRadiusCm: 3, content: 'glow' } },
  '1991': { viewingDistanceCm: 55, luminanceCdM2: 90, screenWidthCm: 28, screenHeightCm: 21, colourHex: '#f2f0e6', device: 'CRT showing a page', catchlight: { kind: 'screen', cornerRadiusCm: 2.5, content: 'glow' } },
  '1995': { viewingDistanceCm: 60, luminanceCdM2: 70, screenWidthCm: 30, screenHeightCm: 22, colourHex: '#c0c0c0', device: 'CRT, grey web page', catchlight: { kind: 'screen', cornerRadiusCm: 2.5, content: 'glow' } },
  '1997': { viewingDistanceCm: 60, luminanceCdM2: 80, screenWidthCm: 32, screenHeightCm: 24, colourHex: '#d8dce8', device: 'CRT, framed site', catchlight: { kind: 'screen', cornerRadiusCm: 1.2, content: 'glow' } },
  // A bright white search page on a laptop: the brightest of the desk screens.
  '2000': { viewingDistanceCm: 50, luminanceCdM2: 100, screenWidthCm: 28, screenHeightCm: 21, colourHex: '#ffffff', device: 'laptop, white search page', catchlight: { kind: 'screen', cornerRadiusCm: 0.3, content: 'glow' } },
  '2003': { viewingDistanceCm: 60, luminanceCdM2: 50, screenWidthCm: 34, screenHeightCm: 27, colourHex: '#8fa6bf', device: 'LCD, video chat', catchlight: { kind: 'screen', cornerRadiusCm: 0.3, content: 'call' } },
  // A phone held low at 32 cm, at full brightness: the near reflex (pupil constricts, the eyes turn in a little).
  '2009': { viewingDistanceCm: 32, luminanceCdM2: 300, screenWidthCm: 5, screenHeightCm: 7.5, colourHex: '#f5f7ff', device: 'phone', catchlight: { kind: 'screen', cornerRadiusCm: 0.8, content: 'glow' } },
  // A selfie under a ring light (the era's look), the phone in its middle: the ring is what the cornea shows.
  '2013': { viewingDistanceCm: 40, luminanceCdM2: 300, screenWidthCm: 6, screenHeightCm: 10.5, colourHex: '#ffe9d6', device: 'phone, front camera', catchlight: { kind: 'ring', outerDiameterCm: 16, innerDiameterCm: 11 } },
  '2026': { viewingDistanceCm: 60, luminanceCdM2: 150, screenWidthCm: 34, screenHeightCm: 22, colourHex: '#f4f1ea', device: 'laptop, eye contact', catchlight: { kind: 'screen', cornerRadiusCm: 0.5, content: 'call' } },
};

/** The screen's angular area, deg² (the adapting field of the pupil formula). */
export function screenFieldDeg2(light: EraLight): number {
  const w = (2 * Math.atan(light.screenWidthCm / (2 * light.viewingDistanceCm)) * 180) / Math.PI;
  const h = (2 * Math.atan(light.screenHeightCm / (2 * light.viewingDistanceCm)) * 180) / Math.PI;
  return w * h;
}

/** Accommodation demand in dioptres (1 / distance in m): what drives the near reflex. */
export function accommodationDioptres(light: EraLight): number {
  return 100 / light.viewingDistanceCm;
}
