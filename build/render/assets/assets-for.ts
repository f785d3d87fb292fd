import type { EyeFrame } from '../geometry/eye-frame.ts';
import { eyeFrame } from '../geometry/eye-frame.ts';
import type { BrowLayer } from './brow.ts';
import { paintBrow } from './brow.ts';
import type { Layer } from './canvas.ts';
import type { LidSkinLayers } from './lid-skin.ts';
import { paintLidSkin } from './lid-skin.ts';
import type { ScleraLayers } from './sclera.ts';
import { paintSclera } from './sclera.ts';
import { paintSkin } from './skin.ts';

/** Every static layer for one canvas size, painted once on first use and kept. */
export interface EyeAssets {
  frame: EyeFrame;
  skin: Layer;
  sclera: ScleraLayers;
  lid: LidSkinLayers;
  brow: BrowLayer;
}

const cache = new Map<string, EyeAssets>();

export function assetsFor(widthPx: number, heightPx: number): EyeAssets {
  const key = `${widthPx}x${heightPx}`;
  let a = cache.get(key);
  if (!a) {
    const frame = eyeFrame(widthPx, heightPx);
    const brow = paintBrow(frame);
    const skin = paintSkin(frame);
    const lid = paintLidSkin(frame, skin);
    // The crease is baked into both the face and the lid's skin (it sits where the lid's stretch is
    // anchored, so it never moves): no per-frame cost except when looking up deepens it.
    skin.ctx.drawImage(lid.crease.canvas, 0, 0);
    lid.albedo.ctx.globalCompositeOperation = 'source-atop';
    lid.albedo.ctx.drawImage(lid.crease.canvas, 0, 0);
    lid.albedo.ctx.globalCompositeOperation = 'source-over';
    a = {
      frame,
      skin,
      sclera: paintSclera(frame),
      lid,
      brow,
    };
    cache.set(key, a);
  }
  return a;
}
