import type { EraLight } from '../../model/eras/era-light.ts';
import { PUPIL_MAX_MM } from '../../model/tuned/pupil/pupil.ts';
import type { RoomLight } from '../era/room-light.ts';
import { roomWallReflectionLinear, srgbEncode } from '../era/screen-reflection-light.ts';
import { CAMERA_BEZEL_CM, CORNEA_RADIUS_MM } from '../geometry/catchlight-pose.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import type { Layer } from './canvas.ts';
import { makeLayer, paintPixels } from './canvas.ts';
import { Noise2D, smoothstep, textureRandom } from './noise.ts';

/**
 * The room itself in the cornea (issue 18, point 1: "the actual light source and room are reflected"):
 * the cornea mirrors everything in front of the eye, not only its lights. Its walls show faintly over
 * the whole cornea, seen against the pupil's black (roomWallReflectionLinear: ~0.004 linear in a lit
 * room, ~10 levels over the pupil; ~2 over the iris, not drawn), so a
 * photograph's pupil is a dim picture of the room, not a black hole with a screen pasted in it, and the
 * screen's image is the brightest part of a scene rather than a grey block with black above it. The
 * scene, by direction from the eye: walls, a little darker toward the ceiling and much darker at the
 * desk and floor; the walls brighter toward the room's light, which spills on them; furniture as
 * broad, soft unevenness; and nothing where the screen itself stands in front of the room (its own
 * image is drawn there: highlight.ts). No one stands behind the screen: a viewer's head and shoulders
 * straight ahead (as a photographer shows in a sitter's eye) made a dark arch over the screen's image,
 * a doorway in the pupil with a grey block at its foot (issue 18, point 1). Each pixel is traced through the one mirror: a point
 * (x, y) on the sphere of CORNEA_RADIUS_MM shows the direction the view ray leaves it by (the normal
 * n, the view C: 2(n·C)n − C), so the scene is bent as the cornea bends it and squeezed toward the rim.
 *
 * Painted once per era and size as light to add ('screen', as the other reflections), about the image
 * of the view's own direction (the cornea's apex): it slides with the cornea as the eye turns, like
 * every reflection (catchlight.ts), and shows where it is seen against the pupil's black (over the
 * iris it would add ~2 levels: catchlight.ts).
 */
/** The layer reaches this far from the apex's image, mm: the widest pupil's rim (PUPIL_MAX_MM) at the
 * widest gaze (the pupil's centre runs 12·sin θ, the apex 6.7·sin θ: ~1.8 mm apart at 20°). */
const ROOM_IMAGE_RADIUS_MM = PUPIL_MAX_MM / 2 + 2;
/** The desk and floor below the eye, and the ceiling above, as shares of the wall's light. */
const BELOW_SHARE = 0.4;
const CEILING_SHARE = 0.8;
/** The walls toward the room's light catch its spill: up to this much brighter, over ~30°. */
const SPILL_GAIN = 0.35;
const SPILL_WIDTH_DEG = 30;
/** Furniture, shelves, doors: broad unevenness of ± this share, over ~20° cells. */
const CLUTTER = 0.3;
/** How far inside the glass's edge the room fades out, cm (~0.08 mm in the cornea at 60 cm: the
 * screen's image's own soft edge, SCREEN_EDGE_MM). */
const SCREEN_EDGE_CM = 1.2;
/** The walls' colour (a warm white) as added light. */
const WALL_RGB: [number, number, number] = [255, 240, 222];

const DEG = 180 / Math.PI;

export function paintRoomImage(f: EyeFrame, light: EraLight, room: RoomLight | null): Layer | null {
  const wall = roomWallReflectionLinear(light, room);
  if (!room || wall <= 0) return null;
  const mm = f.pxPerMm;
  const size = Math.ceil(2 * ROOM_IMAGE_RADIUS_MM * mm);
  const layer = makeLayer(size, size);
  const clutter = new Noise2D(textureRandom(`room-image/${room.kind}`), 18, 9);
  const c = size / 2;
  const R = CORNEA_RADIUS_MM;
  // The screen's glass: its plane, its middle below the camera, and its half sizes (cm).
  const screenAt = light.catchlight.kind === 'ring' ? null : { dCm: light.viewingDistanceCm, yCm: -(light.screenHeightCm / 2 + CAMERA_BEZEL_CM), hw: light.screenWidthCm / 2, hh: light.screenHeightCm / 2 };
  paintPixels(layer, (px, py, out) => {
    const x = (px - c) / mm;
    const y = (c - py) / mm;
    const r2 = (x * x + y * y) / (R * R);
    out[3] = 0;
    if (r2 >= 0.999) return;
    const nx = x / R;
    const ny = y / R;
    const nz = Math.sqrt(1 - r2);
    // The view ray's reflection: which way from the eye this point of the cornea shows.
    const lx = 2 * nz * nx;
    const ly = 2 * nz * ny;
    const lz = 2 * nz * nz - 1;
    const el = Math.asin(Math.max(-1, Math.min(1, ly))) * DEG;
    const az = Math.atan2(lx, lz) * DEG;
    let k = 1;
    k *= 1 - (1 - CEILING_SHARE) * smoothstep(15, 45, el);
    k *= 1 - (1 - BELOW_SHARE) * smoothstep(-8, -30, el);
    const dAz = (az - room.azimuthDeg) / SPILL_WIDTH_DEG;
    const dEl = (el - room.elevationDeg) / (1.5 * SPILL_WIDTH_DEG);
    k *= 1 + SPILL_GAIN * Math.exp(-0.5 * (dAz * dAz + dEl * dEl));
    k *= 1 + CLUTTER * clutter.at((az + 180) / 20, (el + 90) / 20);
    if (screenAt && lz > 0) {
      // Behind the screen: hidden by it, fading out just inside the glass's edge, under the soft edge
      // of the screen's own image (cut at the edge, a dark seam showed between the two).
      const t = screenAt.dCm / lz;
      const out = Math.max(Math.abs(lx * t) - screenAt.hw, Math.abs(ly * t - screenAt.yCm) - screenAt.hh);
      k *= smoothstep(-SCREEN_EDGE_CM, 0, out);
    }
    const v = srgbEncode(wall * Math.max(0, k));
    out[0] = WALL_RGB[0];
    out[1] = WALL_RGB[1];
    out[2] = WALL_RGB[2];
    out[3] = 255 * Math.min(1, v);
  });
  return layer;
}
