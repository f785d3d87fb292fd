import { ERA_LIGHT } from '../../model/eras/era-light.ts';
import type { EyeSample } from '../../model/types.ts';
import type { EraId } from '../../scene/scene.ts';
import type { Layer } from '../assets/canvas.ts';
import { makeLayer } from '../assets/canvas.ts';
import { paintCatchlight, paintRoomReflection } from '../assets/highlight.ts';
import { paintRoomImage } from '../assets/room-image.ts';
import { ROOM_LIGHT } from '../era/room-light.ts';
import { roomWallReflectionLinear, screenOpacityFor } from '../era/screen-reflection-light.ts';
import { LENS_IMAGE_BLUR_MM, LENS_IMAGE_LIGHT, LENS_IMAGE_OFFSET, LENS_IMAGE_SCALE, lightDirection, reflectionOnCornea, roomDirection } from '../geometry/catchlight-pose.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import type { IrisPose } from '../geometry/iris-pose.ts';
import { discEllipsePx } from '../geometry/iris-pose.ts';
import { PUPIL_RGB } from './globe.ts';

interface Layers {
  /** The room's own faint image, seen over the pupil (room-image.ts), or null where no room is lit. */
  roomImage: Layer | null;
  /** The room image's opacity over the pupil (roomImageOpacity). */
  roomImageOpacity: number;
  screen: Layer;
  room: Layer | null;
  /** The same lights as the lens images them: soft (photographs show its image blurred), painted once. */
  lensScreen: Layer;
  lensRoom: Layer | null;
}

const cache = new Map<string, Layers>();

function layersFor(f: EyeFrame, era: EraId): Layers {
  const key = `${era}:${f.widthPx}x${f.heightPx}`;
  let l = cache.get(key);
  if (!l) {
    const room = ROOM_LIGHT[era];
    const screen = paintCatchlight(f, ERA_LIGHT[era], room);
    const roomLayer = room ? paintRoomReflection(f, room) : null;
    // Blurred at the layer's scale: drawn LENS_IMAGE_SCALE as big, the blur shrinks with it.
    const blur = (LENS_IMAGE_BLUR_MM * f.pxPerMm) / LENS_IMAGE_SCALE;
    l = { roomImage: paintRoomImage(f, ERA_LIGHT[era], room), roomImageOpacity: roomImageOpacity(era), screen, room: roomLayer, lensScreen: softened(screen, blur), lensRoom: roomLayer ? softened(roomLayer, blur) : null };
    cache.set(key, l);
  }
  return l;
}

function softened(src: Layer, blurPx: number): Layer {
  const out = makeLayer(src.canvas.width, src.canvas.height);
  out.ctx.filter = `blur(${blurPx.toFixed(2)}px)`;
  out.ctx.drawImage(src.canvas, 0, 0);
  out.ctx.filter = 'none';
  return out;
}

/**
 * The room's image is light added to what lies under it, in linear light; the canvas's 'screen' adds
 * in the picture's encoded values, where the same light lifts a mid-tone far more than a linear sum
 * does. A linear sum of the walls' light (~0.004) lifts the pupil's black (PUPIL_RGB) by ~10 levels
 * and the iris's 70–100 of 255 by ~2, which no one sees and 'screen' would overstate fourfold; so the
 * room's image is drawn over the pupil alone, at the opacity that adds its light as a linear sum would
 * there (~0.88), and the iris's whole disc is not blitted a second time each frame.
 */
function roomImageOpacity(era: EraId): number {
  const pupilLevel = (0.2126 * PUPIL_RGB[0] + 0.7152 * PUPIL_RGB[1] + 0.0722 * PUPIL_RGB[2]) / 255;
  return screenOpacityFor(pupilLevel, roomWallReflectionLinear(ERA_LIGHT[era], ROOM_LIGHT[era]));
}

interface Placed {
  xPx: number;
  yPx: number;
}

/**
 * The lights in front of the eye reflected on the cornea, where its mirror puts them for this
 * sample's gaze: the era's screen, the room's light (era/room-light.ts), and each one's dimmer,
 * inverted second image from the back of the lens, seen only through the pupil. Drawn over the globe
 * and under the lids (the face layer covers them where the lid does): never clipped at the iris edge.
 * Each layer is the light traced through the cornea's mirror (assets/mirror-trace.ts), so its shape
 * and foreshortening are the mirror's, set by where the light is, not by the gaze: turning the eye
 * moves a sphere's image of a distant light, it does not reshape it. A reflection adds light to what lies under it
 * ('screen'), so the pupil's edge still shows through it.
 */
export function drawCatchlight(
  ctx: CanvasRenderingContext2D,
  f: EyeFrame,
  s: Pick<EyeSample, 'yawDeg' | 'pitchDeg'>,
  era: EraId,
  pose: IrisPose,
): void {
  const layers = layersFor(f, era);
  const room = ROOM_LIGHT[era];
  const place = (l: { x: number; y: number; z: number }): Placed => {
    const r = reflectionOnCornea(s, l);
    return { xPx: xPx(f, r.xMm), yPx: yPx(f, r.yMm) };
  };
  const screenAt = place(lightDirection(ERA_LIGHT[era]));
  const roomAt = room && layers.room ? place(roomDirection(room)) : null;

  ctx.save();
  ctx.globalCompositeOperation = 'screen';
  if (layers.roomImage) {
    // The room over the pupil (roomImageOpacity), about the apex's image.
    ctx.save();
    const c = discEllipsePx(f, pose, pose.pupilRadiusMm);
    ctx.beginPath();
    ctx.ellipse(c.xPx, c.yPx, c.radiusXPx, c.radiusYPx, c.rotationRad, 0, Math.PI * 2);
    ctx.clip();
    ctx.globalAlpha = layers.roomImageOpacity;
    drawPlaced(ctx, layers.roomImage.canvas, place({ x: 0, y: 0, z: 1 }), 1, 1);
    ctx.restore();
  }
  drawPlaced(ctx, layers.screen.canvas, screenAt, 1, 1);
  if (roomAt && layers.room) drawPlaced(ctx, layers.room.canvas, roomAt, 1, 1);

  // The lens's images, through the pupil only.
  const p = discEllipsePx(f, pose, pose.pupilRadiusMm);
  ctx.beginPath();
  ctx.ellipse(p.xPx, p.yPx, Math.max(0, p.radiusXPx - 0.5), Math.max(0, p.radiusYPx - 0.5), p.rotationRad, 0, Math.PI * 2);
  ctx.clip();
  ctx.globalAlpha = LENS_IMAGE_LIGHT;
  const lensImage = (at: Placed, img: HTMLCanvasElement) => {
    const lens = {
      xPx: p.xPx + LENS_IMAGE_OFFSET * (at.xPx - p.xPx),
      yPx: p.yPx + LENS_IMAGE_OFFSET * (at.yPx - p.yPx),
    };
    drawPlaced(ctx, img, lens, LENS_IMAGE_SCALE, -1);
  };
  lensImage(screenAt, layers.lensScreen.canvas);
  if (roomAt && layers.lensRoom) lensImage(roomAt, layers.lensRoom.canvas);
  ctx.restore();
}

/**
 * A reflection's layer centred at its place, scaled by `scale` and turned upside down when `flip` is
 * −1. Sub-pixel placement: a reflection sliding across the cornea glides, not steps.
 */
function drawPlaced(ctx: CanvasRenderingContext2D, img: HTMLCanvasElement, at: Placed, scale: number, flip: 1 | -1): void {
  if (scale === 1 && flip === 1) {
    ctx.drawImage(img, at.xPx - img.width / 2, at.yPx - img.height / 2);
    return;
  }
  ctx.save();
  ctx.translate(at.xPx, at.yPx);
  ctx.scale(scale * flip, scale * flip);
  ctx.drawImage(img, -img.width / 2, -img.height / 2);
  ctx.restore();
}
