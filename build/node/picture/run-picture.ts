import sharp from 'sharp';
import { blinkSkinChange } from '../../measure/picture/blink-skin-change.ts';
import { outlineRegion } from '../../measure/picture/outline-region.ts';
import { edgeHolds, skinChangeHolds, skinChangeSeverity, type PictureReport } from '../../measure/picture/picture-report.ts';
import { PICTURE_LIMITS } from '../../measure/picture/picture-limits.ts';
import type { RgbaFrame } from '../../measure/picture/rgba-frame.ts';
import { browRowsFromColor, topRowsBrow } from '../../measure/picture/top-rows-brow.ts';
import { verticalEdges } from '../../measure/picture/vertical-edges.ts';
import { eyeFrame } from '../../render/geometry/eye-frame.ts';
import type { Scene } from '../../scene/scene.ts';
import type { EyeBrowser } from '../launch-eye-browser.ts';
import { planPicture } from './picture-plan.ts';

export interface PictureOptions {
  /** Check edges and top rows on every n-th frame (blink frames and their open frames always). */
  stride: number;
  /** Top rows are also read from the mask pass every this many frames (and at every open frame). */
  maskStride: number;
  onProgress?: (p: { scene: string; frame: number; frames: number; msPerFrame: number }) => void;
}

/** Decode a captured PNG into RGBA, losslessly. */
async function decode(png: Buffer): Promise<RgbaFrame> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/**
 * The picture test of one scene in one browser (which must capture PNG: lossless pixels). Two loads
 * of the same scene on the one page: first the mask pass, grabbed at the blink episodes' open frames
 * (the outline region) and every `maskStride` frames (top rows), then the colour pass, where every
 * checked frame gets the edge and top-row checks and every blink frame is compared with its episode's
 * open frame. The model is the same Player on both loads, so frame n is the same instant in both.
 */
export async function runPicture(scene: Scene, browser: EyeBrowser, o: PictureOptions): Promise<PictureReport> {
  if (browser.format !== 'png') throw new Error('the picture test needs lossless frames: launch the browser with format png');
  const plan = planPicture(scene);
  const pxPerMm = eyeFrame(scene.width, scene.height).pxPerMm;
  const refFrames = new Set(plan.episodes.map((e) => e.refFrame));
  const blinkFrame = new Map<number, number>(); // frame → episode index
  plan.episodes.forEach((e, i) => {
    for (let f = e.firstFrame; f <= e.lastFrame; f++) blinkFrame.set(f, i);
  });

  // Mask pass.
  const masks = new Map<number, RgbaFrame>();
  const maskTop = new Map<number, RgbaFrame>();
  const frames = await browser.load(scene, 'mask');
  if (frames !== plan.frames) throw new Error(`the page counts ${frames} frames, the plan ${plan.frames}`);
  for (let f = 0; f < frames; f++) {
    const wantRef = refFrames.has(f);
    const wantTop = f % o.maskStride === 0;
    if (!wantRef && !wantTop) continue;
    await browser.goToFrame(f);
    const m = await decode(await browser.grab(f));
    if (wantRef) masks.set(f, m);
    if (wantTop) maskTop.set(f, m);
  }

  // Colour pass.
  const report: PictureReport = {
    scene: scene.name,
    width: scene.width,
    height: scene.height,
    fps: scene.fps,
    frames,
    pxPerMm,
    limits: PICTURE_LIMITS,
    edges: { framesChecked: 0, stride: o.stride, framesOver: 0, worst: null, perFrameMm: {}, pass: true },
    blinks: { episodes: [], worstP99Levels: 0, worstMaxLevels: 0, pass: true },
    topRows: { rows: 0, framesChecked: 0, maskHasBrow: false, framesWithBrow: 0, worstHairScore: -Infinity, worstFrame: -1, worstMaskBrowPixels: 0, pass: true },
    pass: true,
  };
  const regions = new Map<number, { outside: Uint8Array; pixels: number; browFromMask: boolean; ref: RgbaFrame }>();
  await browser.load(scene, 'color');
  let t0 = process.hrtime.bigint();
  for (let f = 0; f < frames; f++) {
    const episode = blinkFrame.get(f);
    const isRef = refFrames.has(f);
    if (f % o.stride !== 0 && episode === undefined && !isRef) continue;
    await browser.goToFrame(f);
    const color = await decode(await browser.grab(f));

    const edge = verticalEdges(color, pxPerMm);
    report.edges.framesChecked++;
    report.edges.perFrameMm[f] = edge ? Math.round(edge.lengthMm * 1000) / 1000 : 0;
    if (!edgeHolds(edge)) report.edges.framesOver++;
    if (edge && (!report.edges.worst || edge.lengthMm > report.edges.worst.lengthMm)) report.edges.worst = { ...edge, frame: f };

    const top = topRowsBrow(color, pxPerMm, maskTop.get(f) ?? null);
    report.topRows.rows = top.rows;
    report.topRows.framesChecked++;
    if (top.maskBrowPixels !== null) report.topRows.maskHasBrow = true;
    if (top.brow) report.topRows.framesWithBrow++;
    report.topRows.worstMaskBrowPixels = Math.max(report.topRows.worstMaskBrowPixels, top.maskBrowPixels ?? 0);
    if (top.hairScore > report.topRows.worstHairScore) {
      report.topRows.worstHairScore = top.hairScore;
      report.topRows.worstFrame = f;
    }

    if (isRef) {
      const mask = masks.get(f)!;
      const lidsTop = outlineRegion(mask, pxPerMm).opening;
      // The brow is looked for above the upper lashes' reach (their rows read as hair too).
      const aboveLids = lidsTop ? Math.max(0, lidsTop.y0 - Math.round(PICTURE_LIMITS.lashReachMm * pxPerMm)) : color.height;
      const region = outlineRegion(mask, pxPerMm, browRowsFromColor(color, pxPerMm, aboveLids));
      regions.set(f, { outside: region.outside, pixels: region.pixels, browFromMask: region.browFromMask, ref: color });
    }
    if (episode !== undefined) {
      const e = plan.episodes[episode];
      const region = regions.get(e.refFrame)!;
      const change = blinkSkinChange(region.ref, color, region.outside, pxPerMm);
      let entry = report.blinks.episodes.find((x) => x.refFrame === e.refFrame);
      if (!entry) {
        entry = { ...e, regionPixels: region.pixels, browFromMask: region.browFromMask, worst: { ...change, frame: f }, pass: true };
        report.blinks.episodes.push(entry);
      }
      if (skinChangeSeverity(change) > skinChangeSeverity(entry.worst)) {
        entry.worst = { ...change, frame: f };
      }
      if (!skinChangeHolds(change)) entry.pass = false;
      report.blinks.worstP99Levels = Math.max(report.blinks.worstP99Levels, change.p99Levels);
      report.blinks.worstMaxLevels = Math.max(report.blinks.worstMaxLevels, change.maxLevels);
      if (f === e.lastFrame) regions.delete(e.refFrame);
    }
    if (o.onProgress && (f + 1) % 10 === 0) {
      const now = process.hrtime.bigint();
      o.onProgress({ scene: scene.name, frame: f + 1, frames, msPerFrame: Number(now - t0) / 1e6 / 10 });
      t0 = now;
    }
  }
  report.edges.pass = report.edges.framesOver === 0;
  report.blinks.pass = report.blinks.episodes.every((e) => e.pass);
  report.topRows.pass = report.topRows.framesWithBrow === 0;
  report.pass = report.edges.pass && report.blinks.pass && report.topRows.pass;
  return report;
}
