/**
 * A corrective saccade owed after an undershooting primary (Becker 1989): due at `atMs` (NaN: none)
 * toward the primary's goal, or toward where the followed pointer will be when it was a catch-up.
 */
export class PendingCorrection {
  atMs = NaN;
  x = 0;
  y = 0;
  toPointer = false;

  get pending(): boolean {
    return !Number.isNaN(this.atMs);
  }

  /** Remember the goal the primary undershoots (its time is set when it lands). */
  aim(x: number, y: number, toPointer: boolean): void {
    this.x = x;
    this.y = y;
    this.toPointer = toPointer;
  }

  cancel(): void {
    this.atMs = NaN;
  }
}
