import type { Trace } from '../../../model/trace.ts';
import { frameCount, stepsAtFrame } from '../../../model/time/clock.ts';
import { eyeShapes } from './eye-shapes.ts';
import { runGazeRig } from './gaze-rig.ts';
import { LIVE_LINK_FACE_HEADER, LIVE_LINK_FACE_VALUES } from './live-link-columns.ts';
import { liveLinkTimecode } from './timecode.ts';

export interface ArkitCsvOptions {
  fps: number;
  durationS: number;
  lookAtDistanceCm: number;
  /** The rig's smoothing, s (default eye.md §9's τ). */
  tauS?: number;
}

/**
 * A trace as a Live Link Face–style CSV take: the 240 Hz trace through the layered gaze rig, then one
 * row per frame at the scene's rate, each the step the frame shows (floor(frame·240/fps), as the page
 * draws it). Values with 8 decimals, as the app writes them; lines end in LF.
 */
export function arkitCsv(trace: Trace, o: ArkitCsvOptions): string {
  const rig = runGazeRig(trace, { lookAtDistanceCm: o.lookAtDistanceCm, tauS: o.tauS });
  const frames = frameCount(o.durationS, o.fps);
  const c = trace.columns;
  const lines = [LIVE_LINK_FACE_HEADER.join(',')];
  for (let f = 0; f < frames; f++) {
    const i = stepsAtFrame(f, o.fps);
    if (i >= c.tMs.length) throw new RangeError(`frame ${f} needs step ${i}; the trace has ${c.tMs.length}`);
    const shapes = eyeShapes({
      xDeg: rig.xDeg[i],
      yDeg: rig.yDeg[i],
      apertureMm: c.apertureMm[i],
      au1: c.au1Activation[i],
      au2: c.au2Activation[i],
      au4: c.au4Activation[i],
      au5: c.au5Activation[i],
      au6: c.au6Activation[i],
      au7: c.au7Activation[i],
    });
    const values = LIVE_LINK_FACE_VALUES.map((k) => (shapes[k] ?? 0).toFixed(8));
    lines.push([liveLinkTimecode(f, o.fps), String(LIVE_LINK_FACE_VALUES.length), ...values].join(','));
  }
  return `${lines.join('\n')}\n`;
}
