import type { EraId } from '../../scene/scene.ts';

/**
 * The room's brightest light besides the screen, which the cornea mirrors too (eye.md §11: "the era's
 * light in the cornea, plus the room's light where an era has one"). The renderer's alone: no model
 * behaviour reads it (the pupil follows the screen, era-light.ts).
 *
 * Seen from the eye: its direction (azimuth + toward the viewer's right, elevation + up, degrees off
 * the line to the viewer), its size and distance. A window shows its glazing bars, a ceiling panel its
 * louvres, a lamp is a disc. `brightness` (0–1) is how near white its reflection's core shows in a
 * picture exposed for the face: a window by day or a lamp outshines a screen's reflection.
 */
export interface RoomLight {
  kind: 'window' | 'panel' | 'lamp';
  azimuthDeg: number;
  elevationDeg: number;
  widthCm: number;
  heightCm: number;
  distanceCm: number;
  /** Bars across it: vertical ones (a window's mullion, a panel's spine) and horizontal ones. */
  bars: { vertical: number; horizontal: number };
  brightness: number;
  /**
   * The light it and the room it lights put on the face, lux (the screen's own is added to it:
   * screen-reflection-light.ts). It sets the picture's exposure, so how bright the screen's image in
   * the cornea shows: faint in a room lit by day, near white where the screen alone lights the face.
   */
  faceLux: number;
  /** How the light's long axis is turned in the picture, degrees: a ceiling's panel seen from below the desk's axis lies aslant. */
  rollDeg: number;
}

/** An office's ceiling: a fluorescent panel overhead, a little to the side; the desk lit to an office's 400 lux (EN 12464: 300–500). */
const OFFICE_PANEL: RoomLight = { kind: 'panel', azimuthDeg: -14, elevationDeg: 36, widthCm: 60, heightCm: 120, distanceCm: 200, bars: { vertical: 1, horizontal: 3 }, brightness: 0.72, faceLux: 400, rollDeg: 24 };
/**
 * A window beside the desk by day, 0.9 × 1.2 m, four metres off: sky of ~5,000 cd/m² filling its
 * 0.07 sr gives ~340 lux, the room's walls about half as much again: 500.
 */
const SIDE_WINDOW: RoomLight = { kind: 'window', azimuthDeg: -32, elevationDeg: 14, widthCm: 90, heightCm: 120, distanceCm: 400, bars: { vertical: 1, horizontal: 1 }, brightness: 0.95, faceLux: 500, rollDeg: 0 };

export const ROOM_LIGHT: Record<EraId, RoomLight | null> = {
  // A dim machine room: the tubes are the brightest thing in the cornea besides the glass.
  '1970': { ...OFFICE_PANEL, brightness: 0.45, faceLux: 120 },
  '1981': OFFICE_PANEL,
  '1991': OFFICE_PANEL,
  '1995': OFFICE_PANEL,
  '1997': OFFICE_PANEL,
  '2000': SIDE_WINDOW,
  // An evening video call: a desk lamp off to the right.
  '2003': { kind: 'lamp', azimuthDeg: 30, elevationDeg: 22, widthCm: 14, heightCm: 14, distanceCm: 90, bars: { vertical: 0, horizontal: 0 }, brightness: 0.9, faceLux: 150, rollDeg: 0 },
  // A window at dusk: still far brighter than the room in the cornea, but the phone lights the face.
  '2009': { ...SIDE_WINDOW, azimuthDeg: 24, elevationDeg: 20, distanceCm: 380, faceLux: 40 },
  // A ring light outshines the room.
  '2013': null,
  '2026': SIDE_WINDOW,
};

/**
 * How bright a terminal's glass and text show in the cornea beside the room's light (a lit screen's
 * image follows the lights themselves: screen-reflection-light.ts): dimmer by up to
 * SCREEN_UNDER_ROOM_LIGHT of it, for a room light at full brightness.
 */
export const SCREEN_UNDER_ROOM_LIGHT = 0.25;

export function screenExposure(room: RoomLight | null): number {
  return room ? 1 - SCREEN_UNDER_ROOM_LIGHT * room.brightness : 1;
}
