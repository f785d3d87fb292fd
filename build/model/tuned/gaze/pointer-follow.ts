import { POINTER_IDLE_MS } from '../../../spec/eye-spec.ts';
import { pitchDegFromRigY } from '../../anatomy/gaze-pitch.ts';
import { emptyPointerSample, type PointerTrack } from '../../pointer/pointer-track.ts';
import { pointerRigY, pointerYawDeg } from '../../pointer/pointer-gaze.ts';
import { PursuitDrive } from './pursuit.ts';


/**
 * Following the pointer (eye.md §2): it is followed while it is in the window and has done something
 * in the last POINTER_IDLE_MS; the target is the pattern's point pulled toward the pointer's gaze
 * angle by the era's follow gain (where the eye looks, not how fast), and the pursuit drive tracks the
 * target's velocity. When it goes idle or leaves, a return to the script is owed.
 */
export class PointerFollow {
  private readonly ptr = emptyPointerSample();
  engaged = false;
  /** The pointer stopped being followed: the eye owes a saccade back to the script. */
  returnPending = false;
  /** The followed target, deg. */
  tx = 0;
  ty = 0;
  readonly pursuit = new PursuitDrive();
  /** The pointer's last position (R) and its gaze angle (deg), kept while it rests. */
  private xR = NaN;
  private yR = NaN;
  private yawDeg = 0;
  private pitchDeg = 0;

  constructor(
    /** The pointer's input channel (a scene's keys, or the live page's events as they come). */
    private readonly track: PointerTrack,
    /** Gaze amplitude factor (calm scales the pointer's angles too). */
    private readonly gazeScale: number,
  ) {}

  /** Read the pointer at `tMs` against the pattern's point; true when it has just taken over. */
  update(tMs: number, patX: number, patY: number, followGain: number): boolean {
    const p = this.track.sampleAt(tMs, this.ptr);
    const engaged = p.present && p.idleMs < POINTER_IDLE_MS;
    let tookOver = false;
    if (engaged) {
      if (p.xR !== this.xR || p.yR !== this.yR) {
        this.xR = p.xR;
        this.yR = p.yR;
        this.yawDeg = this.gazeScale * pointerYawDeg(p.xR);
        this.pitchDeg = pitchDegFromRigY(this.gazeScale * pointerRigY(p.yR));
      }
      this.tx = patX + followGain * (this.yawDeg - patX);
      this.ty = patY + followGain * (this.pitchDeg - patY);
      tookOver = !this.engaged;
    } else if (this.engaged) {
      this.returnPending = true;
    }
    this.engaged = engaged;
    this.pursuit.step(this.tx, this.ty, engaged);
    return tookOver;
  }
}
