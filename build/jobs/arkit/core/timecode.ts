/**
 * A frame's Live Link Face timecode, `HH:MM:SS:FF.mmm`: hours, minutes, seconds, the frame within the
 * second at `fps`, and the sub-frame as thousandths (Live Link Face writes e.g. `14:03:52:28.207`; an
 * export's rows fall exactly on frames, so ours is always `.000`). Counted from 00:00:00:00 at frame 0.
 */
export function liveLinkTimecode(frame: number, fps: number): string {
  if (!Number.isInteger(frame) || frame < 0) throw new RangeError(`frame must be a whole number ≥ 0, got ${frame}`);
  if (!Number.isInteger(fps) || fps < 1) throw new RangeError(`fps must be a whole number ≥ 1, got ${fps}`);
  const totalS = Math.floor(frame / fps);
  const ff = frame - totalS * fps;
  const hh = Math.floor(totalS / 3600);
  const mm = Math.floor((totalS % 3600) / 60);
  const ss = totalS % 60;
  const two = (n: number): string => String(n).padStart(2, '0');
  // Above 99 frames a second the frame field needs three digits; the format has no rule for it, so it just widens.
  return `${two(hh)}:${two(mm)}:${two(ss)}:${two(ff)}.000`;
}
