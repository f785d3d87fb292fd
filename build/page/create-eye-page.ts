import { frameTimeMs } from '../model/time/clock.ts';
import type { EyeSample } from '../model/types.ts';
import { corneaBoxPx, measureGlint } from '../measure/pixels/glint.ts';
import { MaskMeter } from '../measure/pixels/mask-meter.ts';
import { maskSizePx } from '../measure/pixels/mask-size.ts';
import { PixelRecorder } from '../measure/pixels/pixel-trace.ts';
import { drawEye, drawEyeCatchlightPlane } from '../render/draw-eye.ts';
import { eyeFrame, type EyeFrame } from '../render/geometry/eye-frame.ts';
import type { Scene } from '../scene/scene.ts';
import { FrameFeed } from './frame-feed.ts';
import { createCanvasI420 } from './canvas-i420.ts';
import { createI420DeltaEncoder, type I420DeltaEncoder } from '../core/video/i420-delta.ts';
import { fromBase64, postBytes, toBase64 } from './post-bytes.ts';
import type { EyePageApi, ImageFormat, PixelMeasureOptions, RenderPass } from './protocol.ts';

/**
 * The render-mode protocol on one canvas: a FrameFeed steps the model (a Player, the same code as
 * Node's `simulate`) and hands out each frame's sample, drawEye paints it; nothing else of the model
 * reaches the drawing (the feed's digest keys the film: frame-feed.ts). Errors are thrown with the scene and frame in the message so
 * Node can report them in one line.
 */
export function createEyePage(canvas: HTMLCanvasElement): EyePageApi {
  let player: FrameFeed | null = null;
  let pass: RenderPass = 'color';
  let frames = 0;
  let drawn = false;
  let lastFrame = -1;
  let pixels: PixelPass | null = null;
  const ctx = canvas.getContext('2d', { alpha: false });
  if (!ctx) throw new Error('eye page: no 2D canvas context');

  // The film draws the visitor's pointer (issue 10): the scene's own keys, read at the frame's time.
  const draw = (p: FrameFeed, frame: number): EyeSample => {
    const { sample, pointer } = p.at(frame);
    drawEye(ctx, sample, { width: p.scene.width, height: p.scene.height, era: sample.era, pass, pointer: pass === 'color' ? pointer : null });
    return sample;
  };

  const image = (format: ImageFormat, quality: number): string => {
    if (!player || !drawn) throw new Error('eye page: image before a frame was drawn');
    const mime = `image/${format}`;
    const url = canvas.toDataURL(mime, quality);
    const head = `data:${mime};base64,`;
    if (!url.startsWith(head)) throw new Error(`eye page: this browser's canvas cannot encode ${mime} (got ${url.slice(0, 30)})`);
    return url.slice(head.length);
  };

  const readI420 = createCanvasI420(canvas);
  // A POSTed I420 frame travels as what changed since the one before (core/video/i420-delta.ts); the
  // encoder keeps that frame, and a load starts it whole again.
  let delta: I420DeltaEncoder | null = null;
  const deltaOf = (bytes: Uint8Array): Uint8Array => {
    if (delta?.width !== canvas.width || delta.height !== canvas.height) delta = createI420DeltaEncoder(canvas.width, canvas.height);
    return delta.encode(bytes);
  };
  const i420 = <T>(use: (bytes: Uint8Array) => T): Promise<T> => {
    if (!player || !drawn) throw new Error('eye page: i420 before a frame was drawn');
    return readI420(use);
  };

  return {
    async load(scene, renderPass, measure) {
      drawn = false;
      delta?.reset();
      pass = renderPass;
      canvas.width = scene.width;
      canvas.height = scene.height;
      canvas.style.width = `${scene.width}px`;
      canvas.style.height = `${scene.height}px`;
      player = new FrameFeed(scene);
      frames = player.frameCount;
      pixels = measure ? createPixelPass(scene, measure, player.rest) : null;
      lastFrame = 0;
      draw(player, 0);
      drawn = true;
      return { frameCount: frames, maskWidthPx: pixels?.widthPx ?? 0, maskHeightPx: pixels?.heightPx ?? 0 };
    },
    goToFrame(frame) {
      if (!player) throw new Error('eye page: goToFrame before load');
      if (!Number.isInteger(frame) || frame < lastFrame || frame > frames) {
        throw new Error(`eye page: frame ${frame} out of range (an integer from ${lastFrame} to ${frames}, forward only)`);
      }
      drawn = false;
      try {
        const sample = draw(player, frame);
        // Frame `frames` is only stepped to (the trace's end), never part of the film.
        if (pixels && frame < frames) pixels.measure(frame, sample);
      } catch (err) {
        const why = err instanceof Error ? err.message : String(err);
        throw new Error(`scene ${player.scene.name}, frame ${frame}: ${why}`);
      }
      lastFrame = frame;
      drawn = true;
    },
    image,
    async post(url, format, quality) {
      // postBytes copies the packet into its Blob before it returns, so the next read may reuse the
      // buffers; wrapped, so the reads wait for that copy and not for the POST's answer. The reads run
      // in the order they were asked for, so each packet is against the frame asked for before it.
      if (format === 'i420') return (await i420((bytes) => ({ sent: postBytes(url, deltaOf(bytes)) }))).sent;
      return postBytes(url, fromBase64(image(format, quality)));
    },
    async i420() {
      return i420(toBase64);
    },
    readTrace() {
      if (!player) throw new Error('eye page: readTrace before load');
      return player.readTrace();
    },
    feedDigest() {
      if (!player) throw new Error('eye page: feedDigest before load');
      return player.digest();
    },
    readPixels() {
      if (!player) throw new Error('eye page: readPixels before load');
      return (pixels?.recorder ?? new PixelRecorder()).drainChunk();
    },
    ready() {
      return drawn;
    },
  };
}

interface PixelPass {
  widthPx: number;
  heightPx: number;
  recorder: PixelRecorder;
  measure(frame: number, s: EyeSample): void;
}

/**
 * The pixel path in the page: the same sample drawn as the mask pass on an offscreen canvas (CPU
 * backed, as it is read back every frame), read with getImageData and measured. The brow's rest
 * reference is a rest sample's mask drawn once here, at the same size.
 */
function createPixelPass(scene: Scene, o: PixelMeasureOptions, rest: EyeSample): PixelPass {
  const { widthPx, heightPx } = maskSizePx(scene.width, scene.height, o.maskScale);
  const mask = document.createElement('canvas');
  mask.width = widthPx;
  mask.height = heightPx;
  const mctx = mask.getContext('2d', { alpha: false, willReadFrequently: true });
  if (!mctx) throw new Error('eye page: no 2D canvas context for the mask pass');
  const base = eyeFrame(widthPx, heightPx);
  const meter = new MaskMeter();
  const recorder = new PixelRecorder();
  const drawMask = (s: EyeSample): Uint8ClampedArray => {
    drawEye(mctx, s, { width: widthPx, height: heightPx, era: scene.era, pass: 'mask' });
    return mctx.getImageData(0, 0, widthPx, heightPx).data;
  };
  meter.calibrate(drawMask(rest), widthPx, heightPx);
  // The catchlight's plane (the mask pass's catchlight class, drawn apart: layers/catchlight-plane.ts),
  // read over the box the cornea can reach.
  const plane = document.createElement('canvas');
  plane.width = widthPx;
  plane.height = heightPx;
  const pctx = plane.getContext('2d', { alpha: false, willReadFrequently: true });
  if (!pctx) throw new Error('eye page: no 2D canvas context for the catchlight plane');
  const box = corneaBoxPx(base);
  const glintOf = (s: EyeSample) => {
    drawEyeCatchlightPlane(pctx, s, { width: widthPx, height: heightPx, era: s.era });
    return measureGlint(pctx.getImageData(box.x, box.y, box.w, box.h).data, box, base);
  };
  const offset = o.maskUpperLidOffsetMm ?? 0;
  return {
    widthPx,
    heightPx,
    recorder,
    measure(frame, sample) {
      const s = offset === 0 ? sample : { ...sample, upperLidMm: sample.upperLidMm - offset };
      // The frame scales about the globe centre (the enter moment): so do the millimetres.
      const f: EyeFrame = s.frameScale === 1 ? base : { ...base, pxPerMm: base.pxPerMm * s.frameScale };
      // The glint is read unscaled: the enter moment's zoom is the only frame scale, and no check reads it then.
      const glint = s.frameScale === 1 ? glintOf(s) : null;
      recorder.push(frame, frameTimeMs(frame, scene.fps), sample.tMs, meter.measure(drawMask(s), widthPx, heightPx, f), glint);
    },
  };
}
