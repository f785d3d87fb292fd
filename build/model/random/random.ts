/**
 * Seeded random numbers for the model. One root `Random` per scene; each subsystem takes its own
 * child with `spawn(name)`. A child's stream depends only on the root seed and its name, never on how
 * many numbers the parent or a sibling has drawn, so an extra blink draw never reshuffles the saccades.
 *
 * Generator: sfc32 (Doty-Humphreys), 128-bit state, seeded through a 32-bit string/seed hash
 * (cyrb128-style mixing). Pure integer arithmetic: identical in Node and in the page.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spareNormal: number | null = null;

  /** @param key the seed material: the root seed, or `parentKey/childName` for a spawned child. */
  constructor(readonly key: string) {
    const [a, b, c, d] = hash128(key);
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
    // Warm up: the first outputs of sfc32 from a fresh state are weakly mixed.
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  static fromSeed(seed: number): Random {
    return new Random(`seed:${seed}`);
  }

  /** A child stream named for its subsystem. Independent of the draws made so far. */
  spawn(name: string): Random {
    return new Random(`${this.key}/${name}`);
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  uniform(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Standard normal (Marsaglia polar method; the spare is kept so draws come in pairs). */
  normal(): number {
    if (this.spareNormal !== null) {
      const s = this.spareNormal;
      this.spareNormal = null;
      return s;
    }
    let u = 0;
    let v = 0;
    let s = 0;
    do {
      u = this.next() * 2 - 1;
      v = this.next() * 2 - 1;
      s = u * u + v * v;
    } while (s >= 1 || s === 0);
    const m = Math.sqrt((-2 * Math.log(s)) / s);
    this.spareNormal = v * m;
    return u * m;
  }

  /** Exponential with the given mean. */
  exponential(mean: number): number {
    return -mean * Math.log(1 - this.next());
  }

  /**
   * Gamma with integer-or-real shape k and the given mean (scale = mean / k), by Marsaglia-Tsang.
   * Fixation durations use k = 4 (k = 5 when reading).
   */
  gamma(shape: number, mean: number): number {
    const scale = mean / shape;
    if (shape < 1) {
      const u = this.next();
      return this.gamma(shape + 1, (shape + 1) * scale) * Math.pow(u, 1 / shape);
    }
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      let x = 0;
      let v = 0;
      do {
        x = this.normal();
        v = 1 + c * x;
      } while (v <= 0);
      v = v * v * v;
      const u = this.next();
      if (u < 1 - 0.0331 * x * x * x * x) return d * v * scale;
      if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v * scale;
    }
  }
}

function hash128(str: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < str.length; i++) {
    const k = str.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}
