import { Random } from '../../model/random/random.ts';

/**
 * Deterministic value noise for the pre-rendered textures (seeded, never Math.random). Lattice values
 * in [−1, 1], quintic-faded interpolation, so features are smooth at any scale.
 */
function fade(t: number): number {
  return t * t * t * (t * (t * 6 - 15) + 10);
}

/** 1D noise periodic with `period` lattice cells: for angular patterns around the iris. */
export class PeriodicNoise1D {
  private readonly v: Float64Array;
  constructor(rng: Random, readonly period: number) {
    this.v = new Float64Array(period);
    for (let i = 0; i < period; i++) this.v[i] = rng.uniform(-1, 1);
  }
  /** x in lattice units; wraps every `period`. */
  at(x: number): number {
    const p = this.period;
    const xf = Math.floor(x);
    const t = fade(x - xf);
    const i0 = ((xf % p) + p) % p;
    const i1 = (i0 + 1) % p;
    return this.v[i0] + (this.v[i1] - this.v[i0]) * t;
  }
}

/** 2D noise, periodic in x with `periodX` cells, `cellsY` cells tall (y clamps at the edges). */
export class Noise2D {
  private readonly v: Float64Array;
  constructor(
    rng: Random,
    readonly periodX: number,
    readonly cellsY: number,
  ) {
    this.v = new Float64Array(periodX * (cellsY + 1));
    for (let i = 0; i < this.v.length; i++) this.v[i] = rng.uniform(-1, 1);
  }
  at(x: number, y: number): number {
    const p = this.periodX;
    const yc = Math.min(this.cellsY - 1e-9, Math.max(0, y));
    const xf = Math.floor(x);
    const yf = Math.floor(yc);
    const tx = fade(x - xf);
    const ty = fade(yc - yf);
    const x0 = ((xf % p) + p) % p;
    const x1 = (x0 + 1) % p;
    const r0 = yf * p;
    const r1 = (yf + 1) * p;
    const a = this.v[r0 + x0] + (this.v[r0 + x1] - this.v[r0 + x0]) * tx;
    const b = this.v[r1 + x0] + (this.v[r1 + x1] - this.v[r1 + x0]) * tx;
    return a + (b - a) * ty;
  }
}

/** Per-pixel grain in [−1, 1] from integer coordinates (a hash, no state). */
export function grain(x: number, y: number, salt: number): number {
  let h = Math.imul((x | 0) ^ Math.imul(salt, 0x9e3779b1), 0x85ebca6b) ^ Math.imul(y | 0, 0xc2b2ae35);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  h = Math.imul(h, 0x297a2d39);
  h ^= h >>> 15;
  return ((h >>> 0) / 4294967295) * 2 - 1;
}

export function smoothstep(e0: number, e1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
}

/** The one seed every pre-rendered texture grows from: the same eye in every scene and run. */
export const TEXTURE_SEED = 'calm-eye/textures/v1';

export function textureRandom(name: string): Random {
  return new Random(`${TEXTURE_SEED}/${name}`);
}
