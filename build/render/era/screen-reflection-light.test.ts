import { describe, expect, it } from 'vitest';
import { ERA_LIGHT } from '../../model/eras/era-light.ts';
import { ROOM_LIGHT } from './room-light.ts';
import { CORNEA_REFLECTANCE, screenLuxOnFace, screenReflectionLevel, screenReflectionLinear } from './screen-reflection-light.ts';

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
