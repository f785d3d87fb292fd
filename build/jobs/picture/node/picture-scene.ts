import sharp from 'sharp';
import { blinkSkinChange } from '../../../measure/picture/blink-skin-change.ts';
import { onMaskBoundary } from '../../../measure/picture/geometry-edge.ts';
import { maskClasses } from '../../../measure/picture/mask-classes.ts';
import { outlineRegion, withoutBrowNow } from '../../../measure/picture/outline-region.ts';
import { edgeHolds, skinChangeHolds, skinChangeSeverity, type PictureReport } from '../../../measure/picture/picture-report.ts';
import { PICTURE_LIMITS } from '../../../measure/picture/picture-limits.ts';
import { lumaOf, type RgbaFrame } from '../../../measure/picture/rgba-frame.ts';
import { browRowsFromColor, topRowsBrow } from '../../../measure/picture/top-rows-brow.ts';
import { longestVerticalEdge, verticalEdgeRuns, verticalEdges, type VerticalEdge } from '../../../measure/picture/vertical-edges.ts';
import { withoutBoxes } from '../../../measure/picture/without-boxes.ts';
import { pxFor } from '../../../measure/picture/rgba-frame.ts';
import { emptyPointerSample, scenePointer } from '../../../model/pointer/pointer-track.ts';
import { frameTimeMs } from '../../../model/time/clock.ts';
import { cursorBoxPx } from '../../../render/geometry/cursor-shape.ts';
import { eyeFrame } from '../../../render/geometry/eye-frame.ts';
import type { Scene } from '../../../scene/scene.ts';
import type { EyeBrowser } from '../../../node/browser/launch-eye-browser.ts';
import { planPicture } from '../core/picture-plan.ts';

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
 * The picture test of one scene, in two browsers stepped together (each must capture PNG: lossless
 * pixels): one draws the colour pass, the other the mask pass of the same scene, so frame n is the
 * same instant in both (the same Player). Every checked colour frame gets the edge and top-row
 * checks; the mask frame is grabbed only when needed: at each blink's open frame (the outline
 * region), every `maskStride` frames (its brow class in the top rows), and when a colour run is over
 * the cap (is it the geometry seen through the era's coarse pixels? geometry-edge.ts). Every blink
 * frame is compared with its episode's open frame.
 */
export async function pictureScene(scene: Scene, browsers: { color: EyeBrowser; mask: EyeBrowser }, o: PictureOptions): Promise<PictureReport> {
  if (browsers.color.format !== 'png' || browsers.mask.format !== 'png') throw new Error('the picture test needs lossless frames: launch the browsers with format png');
  const plan = planPicture(scene);
  const pxPerMm = eyeFrame(scene.width, scene.height).pxPerMm;
  const refFrames = new Set(plan.episodes.map((e) => e.refFrame));
  const blinkFrame = new Map<number, number>(); // frame → episode index
  plan.episodes.forEach((e, i) => {
    for (const f of e.frames) blinkFrame.set(f, i);
  });
  const frames = await browsers.color.load(scene, 'color');
  if ((await browsers.mask.load(scene, 'mask')) !== frames || frames !== plan.frames) throw new Error(`the pages and the plan disagree on the frame count (${plan.frames})`);
  const capPx = PICTURE_LIMITS.maxVerticalEdgeMm * pxPerMm;
  // Where the film draws the visitor's pointer at a frame (the same keys the page reads), grown by
  // the skin blur: its arrow moving during a blink is the visitor, not the blink changing the skin.
  const pointer = scenePointer(scene);
  const frameGeom = eyeFrame(scene.width, scene.height);
  const cursorBox = (frame: number) => {
    if (!pointer) return null;
    const p = pointer.sampleAt(frameTimeMs(frame, scene.fps), emptyPointerSample());
    return p.present ? cursorBoxPx(frameGeom, p.xR, p.yR, pxFor(PICTURE_LIMITS.skinBlurMm, pxPerMm) + 1) : null;
  };

  const report: PictureReport = {
    scene: scene.name,
    width: scene.width,
    height: scene.height,
    fps: scene.fps,
    frames,
    pxPerMm,
    limits: PICTURE_LIMITS,
    edges: { framesChecked: 0, stride: o.stride, framesOver: 0, worst: null, perFrameMm: {}, geometryRuns: 0, worstGeometry: null, pass: true },
    blinks: { episodes: [], worstP99Levels: 0, worstMaxLevels: 0, pass: true },
    topRows: { rows: 0, framesChecked: 0, maskHasBrow: false, framesWithBrow: 0, worstHairScore: -Infinity, worstFrame: -1, worstMaskBrowPixels: 0, pass: true },
    pass: true,
  };
  const regions = new Map<number, { outside: Uint8Array; pixels: number; browFromMask: boolean; ref: RgbaFrame; aboveLids: number }>();
  let t0 = process.hrtime.bigint();
  for (let f = 0; f < frames; f++) {
    const episode = blinkFrame.get(f);
    const isRef = refFrames.has(f);
    // Every frame is drawn, checked or not: the lashes' lag spring carries state from frame to frame,
    // so a page that skips frames draws lashes no film shows (the check must see the film's frames).
    await browsers.color.goToFrame(f);
    if (f % o.stride !== 0 && episode === undefined && !isRef) continue;
    const color = await decode(await browsers.color.grab(f));
    let maskFrame: RgbaFrame | null = null;
    const mask = async () => {
      if (!maskFrame) {
        await browsers.mask.goToFrame(f);
        maskFrame = await decode(await browsers.mask.grab(f));
      }
      return maskFrame;
    };

    // Runs over the cap that lie on the mask's geometry are that geometry through the medium's
    // blocks: the mask frame's own longest edge stands for them.
    const luma = lumaOf(color);
    const runs = verticalEdgeRuns(luma, color.width, color.height, pxPerMm, {}, Math.floor(capPx) + 1);
    let edge: VerticalEdge | null = null;
    if (runs.length > 0) {
      const classes = maskClasses(await mask());
      for (const run of runs) {
        if (!onMaskBoundary(run, classes, color.width)) {
          edge = run;
          break;
        }
        report.edges.geometryRuns++;
        if (!report.edges.worstGeometry || run.lengthMm > report.edges.worstGeometry.lengthMm) report.edges.worstGeometry = { ...run, frame: f };
      }
      // Every run over the cap was geometry: the geometry's own straightest edge answers for the frame.
      if (!edge) edge = verticalEdges(await mask(), pxPerMm);
    } else {
      edge = longestVerticalEdge(luma, color.width, color.height, pxPerMm);
    }
    report.edges.framesChecked++;
    report.edges.perFrameMm[f] = edge ? Math.round(edge.lengthMm * 1000) / 1000 : 0;
    if (!edgeHolds(edge)) report.edges.framesOver++;
    if (edge && (!report.edges.worst || edge.lengthMm > report.edges.worst.lengthMm)) report.edges.worst = { ...edge, frame: f };

    const top = topRowsBrow(color, pxPerMm, f % o.maskStride === 0 || isRef ? await mask() : null);
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
      const m = await mask();
      const lidsTop = outlineRegion(m, pxPerMm).opening;
      // The brow is looked for above the upper lashes' reach (their rows read as hair too).
      const aboveLids = lidsTop ? Math.max(0, lidsTop.y0 - Math.round(PICTURE_LIMITS.lashReachMm * pxPerMm)) : color.height;
      const region = outlineRegion(m, pxPerMm, browRowsFromColor(color, pxPerMm, aboveLids));
      regions.set(f, { outside: region.outside, pixels: region.pixels, browFromMask: region.browFromMask, ref: color, aboveLids });
    }
    if (episode !== undefined) {
      const e = plan.episodes[episode];
      const region = regions.get(e.refFrame)!;
      // The brow's own motion is not the blink's: wherever it is now is left out too.
      const now = region.browFromMask ? { mask: await mask(), browRows: 0 } : { mask: null, browRows: browRowsFromColor(color, pxPerMm, region.aboveLids) };
      const outside = withoutBoxes(withoutBrowNow(region.outside, color.width, color.height, pxPerMm, now), color.width, [cursorBox(e.refFrame), cursorBox(f)]);
      const change = blinkSkinChange(region.ref, color, outside, pxPerMm);
      let entry = report.blinks.episodes.find((x) => x.refFrame === e.refFrame);
      if (!entry) {
        entry = { refFrame: e.refFrame, firstFrame: e.firstFrame, lastFrame: e.lastFrame, framesCompared: e.frames.length, blinks: e.blinks, regionPixels: region.pixels, browFromMask: region.browFromMask, worst: { ...change, frame: f }, pass: true };
        report.blinks.episodes.push(entry);
      }
      if (skinChangeSeverity(change) > skinChangeSeverity(entry.worst)) {
        entry.worst = { ...change, frame: f };
      }
      if (!skinChangeHolds(change)) entry.pass = false;
      report.blinks.worstP99Levels = Math.max(report.blinks.worstP99Levels, change.p99Levels);
      report.blinks.worstMaxLevels = Math.max(report.blinks.worstMaxLevels, change.maxLevels);
      if (f === e.frames[e.frames.length - 1]) regions.delete(e.refFrame);
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
