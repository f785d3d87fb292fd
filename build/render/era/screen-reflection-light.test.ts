import { describe, expect, it } from 'vitest';
import { ERA_LIGHT } from '../../model/eras/era-light.ts';
import { ROOM_LIGHT } from './room-light.ts';
import { CORNEA_REFLECTANCE, roomWallReflectionLinear, screenLuxOnFace, screenOpacityFor, screenReflectionLevel, screenReflectionLinear, srgbDecode, srgbEncode } from './screen-reflection-light.ts';

describe('the screen\'s image in the cornea, by the lights', () => {
  it('mirrors 2.5 % of the light (Fresnel, n 1.376)', () => {
    expect(CORNEA_REFLECTANCE).toBeCloseTo(0.025, 3);
  });

  it('is near white where the screen alone lights the face, faint in a room lit by day, and dims as the room brightens', () => {
    const laptop = ERA_LIGHT['2026'];
    // 150 cd/m² filling 0.21 sr: ~31 lux on the face.
    expect(screenLuxOnFace(laptop)).toBeCloseTo(31.2, 0);
    const dark = screenReflectionLinear(laptop, null);
    const day = screenReflectionLinear(laptop, ROOM_LIGHT['2026']);
    expect(dark).toBeGreaterThan(0.35);
    expect(day).toBeLessThan(0.04);
    // A window by day lights the face 17× more than the screen: the image is as many times dimmer.
    expect(dark / day).toBeCloseTo((screenLuxOnFace(laptop) + 500) / screenLuxOnFace(laptop), 6);
    // Encoded as the picture is: ~44 of 255 in the daylit room.
    expect(255 * screenReflectionLevel(laptop, ROOM_LIGHT['2026'])).toBeGreaterThan(35);
    expect(255 * screenReflectionLevel(laptop, ROOM_LIGHT['2026'])).toBeLessThan(55);
    // A phone held close in a room at dusk mirrors bright; it clips at white, never past it.
    expect(screenReflectionLinear(ERA_LIGHT['2009'], ROOM_LIGHT['2009'])).toBeGreaterThan(0.4);
    expect(screenReflectionLinear(ERA_LIGHT['2009'], null)).toBe(1);
  });
});

describe('the room\'s walls in the cornea, by the same exposure', () => {
  it('are ~0.004 linear wherever a room lights the face (the exposure, not the lux, sets them), fainter where the screen adds to it, and nothing with no room', () => {
    for (const era of ['1981', '2000', '2026'] as const) {
      const wall = roomWallReflectionLinear(ERA_LIGHT[era], ROOM_LIGHT[era]);
      expect(wall, era).toBeGreaterThan(0.0033);
      expect(wall, era).toBeLessThan(0.0042);
    }
    // 2009's phone lights the face as much as a quarter of the dusk room does: its walls are dimmer.
    expect(roomWallReflectionLinear(ERA_LIGHT['2009'], ROOM_LIGHT['2009'])).toBeLessThan(roomWallReflectionLinear(ERA_LIGHT['2026'], ROOM_LIGHT['2026']));
    expect(roomWallReflectionLinear(ERA_LIGHT['2013'], null)).toBe(0);
  });

  it('go on with \'screen\' at the opacity that adds their light as a linear sum would', () => {
    const wall = 0.004;
    for (const d of [8 / 255, 85 / 255, 0.6]) {
      const a = screenOpacityFor(d, wall);
      const screened = d + srgbEncode(wall) * a * (1 - d);
      expect(screened).toBeCloseTo(srgbEncode(srgbDecode(d) + wall), 9);
    }
    // Near black the encoding is steep, so the light counts nearly in full; over a mid-tone a fifth.
    expect(screenOpacityFor(8 / 255, wall)).toBeGreaterThan(0.8);
    expect(screenOpacityFor(85 / 255, wall)).toBeLessThan(0.25);
    expect(srgbDecode(srgbEncode(0.2))).toBeCloseTo(0.2, 12);
  });
});
