import type { EyeFrame } from '../geometry/eye-frame.ts';
import { eyeFrame } from '../geometry/eye-frame.ts';
import type { BrowLayer } from './brow.ts';
import { paintBrow } from './brow.ts';
import { paintCanthalFold } from './canthal-fold.ts';
import type { Layer } from './canvas.ts';
import { makeLayer } from './canvas.ts';
import type { LidSkinLayers } from './lid-skin.ts';
import { paintLidSkin } from './lid-skin.ts';
import type { ScleraLayers } from './sclera.ts';
import { paintSclera } from './sclera.ts';
import { paintHoodRoll, paintSkin } from './skin.ts';

/** Every static layer for one canvas size, painted once on first use and kept. */
export interface EyeAssets {
  frame: EyeFrame;
  skin: Layer;
  /** The face at rest with no opening: the skin with the upper lid's skin on it (the warp's source). */
  face: Layer;
  faceData: Uint8ClampedArray;
  /** The same without the hood's roll of light (skin.ts paintHoodRoll), which the warp fades out as the lid closes. */
  faceBareData: Uint8ClampedArray;
  /** The bare face with the lid's skin uncreased (lid-skin.ts smooth): what a shut lid unrolls from the fold. */
  faceSmoothData: Uint8ClampedArray;
  sclera: ScleraLayers;
  lid: LidSkinLayers;
  brow: BrowLayer;
}

const cache = new Map<string, EyeAssets>();

/** The face with no opening: the skin, one of the lid's skins over it, the fold at the outer canthus. */
function composeFace(frame: EyeFrame, skin: Layer, lidSkin: Layer): Layer {
  const face = makeLayer(frame.widthPx, frame.heightPx);
  face.ctx.drawImage(skin.canvas, 0, 0);
  face.ctx.drawImage(lidSkin.canvas, 0, 0);
  paintCanthalFold(face.ctx, frame);
  return face;
}

export function assetsFor(widthPx: number, heightPx: number): EyeAssets {
  const key = `${widthPx}x${heightPx}`;
  let a = cache.get(key);
  if (!a) {
    const frame = eyeFrame(widthPx, heightPx);
    const brow = paintBrow(frame);
    const skin = paintSkin(frame);
    const lid = paintLidSkin(frame, skin);
    const face = composeFace(frame, skin, lid.albedo);
    const faceBareData = face.ctx.getImageData(0, 0, widthPx, heightPx).data;
    const faceSmoothData = composeFace(frame, skin, lid.smooth).ctx.getImageData(0, 0, widthPx, heightPx).data;
    paintHoodRoll(face.ctx, frame);
    a = {
      frame,
      skin,
      face,
      faceData: face.ctx.getImageData(0, 0, widthPx, heightPx).data,
      faceBareData,
      faceSmoothData,
      sclera: paintSclera(frame),
      lid,
      brow,
    };
    cache.set(key, a);
  }
  return a;
}
