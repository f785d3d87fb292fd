import type { RoomLight } from '../era/room-light.ts';
import type { Direction } from '../geometry/catchlight-pose.ts';
import { CAMERA_BEZEL_CM, cornealImageMm, roomDirection } from '../geometry/catchlight-pose.ts';

/**
 * A light's outline traced through the cornea's mirror (geometry/catchlight-pose.ts cornealImageMm):
 * points on the light, cm in the eye's frame, each mapped to where the mirror shows it, px about the
 * image of the light's centre (+y down, the layer's frame). Sides are traced in pieces: the mirror
 * bends what is straight on the glass, by as much as the sphere does and no more.
 */
export type PlaneCm = (uCm: number, vCm: number) => Direction;

/** The device's glass, square to the line of sight at its distance; (u, v) about the camera (+v up). */
export function screenPlane(distanceCm: number): PlaneCm {
  return (u, v) => ({ x: u, y: v, z: distanceCm });
}

/** The screen's middle on its plane: below the camera by its half height and the bezel. */
export function screenMiddleCm(heightCm: number): { uCm: number; vCm: number } {
  return { uCm: 0, vCm: -CAMERA_BEZEL_CM - heightCm / 2 };
}

/**
 * A room light's plane, square to the line from the eye at its distance, (u, v) about its middle
 * (+u toward the viewer's right, +v up), turned by its roll (clockwise in the picture).
 */
export function roomPlane(room: RoomLight): PlaneCm {
  const d = roomDirection(room);
  const az = (room.azimuthDeg * Math.PI) / 180;
  const el = (room.elevationDeg * Math.PI) / 180;
  const ux = Math.cos(az);
  const uz = -Math.sin(az);
  const vx = -Math.sin(el) * Math.sin(az);
  const vy = Math.cos(el);
  const vz = -Math.sin(el) * Math.cos(az);
  const roll = (room.rollDeg * Math.PI) / 180;
  const c = Math.cos(roll);
  const s = Math.sin(roll);
  const D = room.distanceCm;
  return (u0, v0) => {
    const u = u0 * c + v0 * s;
    const v = -u0 * s + v0 * c;
    return { x: D * d.x + u * ux + v * vx, y: D * d.y + v * vy, z: D * d.z + u * uz + v * vz };
  };
}

/** Points on the plane (u, v cm) through the mirror, px about the image of the plane's point `about`. */
export function mirrorPx(plane: PlaneCm, points: readonly (readonly [number, number])[], about: { uCm: number; vCm: number }, pxPerMm: number): [number, number][] {
  const c = cornealImageMm(plane(about.uCm, about.vCm));
  return points.map(([u, v]) => {
    const m = cornealImageMm(plane(u, v));
    return [(m.xMm - c.xMm) * pxPerMm, -(m.yMm - c.yMm) * pxPerMm];
  });
}

/**
 * A rounded rectangle's outline on its plane (u, v cm, +v up), centred at (cu, cv): each corner in 6
 * steps, each straight side in `sideSteps` pieces (so the mirror can bend it where it bends).
 */
export function roundedRectCm(cu: number, cv: number, w: number, h: number, rCm: number, sideSteps = 6): [number, number][] {
  const r = Math.max(0, Math.min(rCm, w / 2, h / 2));
  const out: [number, number][] = [];
  const corners: [number, number, number][] = [
    [cu + w / 2 - r, cv + h / 2 - r, 0],
    [cu - w / 2 + r, cv + h / 2 - r, Math.PI / 2],
    [cu - w / 2 + r, cv - h / 2 + r, Math.PI],
    [cu + w / 2 - r, cv - h / 2 + r, (3 * Math.PI) / 2],
  ];
  for (let k = 0; k < 4; k++) {
    const [x, y, a0] = corners[k];
    for (let j = 0; j <= 6; j++) {
      const a = a0 + ((Math.PI / 2) * j) / 6;
      out.push([x + r * Math.cos(a), y + r * Math.sin(a)]);
    }
    // The straight side to the next corner's start.
    const [nx, ny, na] = corners[(k + 1) % 4];
    const [sx, sy] = out[out.length - 1];
    const ex = nx + r * Math.cos(na);
    const ey = ny + r * Math.sin(na);
    for (let j = 1; j < sideSteps; j++) out.push([sx + ((ex - sx) * j) / sideSteps, sy + ((ey - sy) * j) / sideSteps]);
  }
  return out;
}

/** A closed outline (px) as the context's path. */
export function tracePx(ctx: CanvasRenderingContext2D, px: readonly (readonly [number, number])[]): void {
  ctx.beginPath();
  px.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
  ctx.closePath();
}
