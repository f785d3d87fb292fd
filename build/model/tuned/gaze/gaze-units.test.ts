import { describe, expect, it } from 'vitest';
import { PointerTrack } from '../../pointer/pointer-track.ts';
import { PendingCorrection } from './correction.ts';
import { ERA_CHANGE_HOLD_MS, EraChange } from './era-change.ts';
import { saccadeDurationMs, SACCADE_MIN_DEG } from './main-sequence.ts';
import { PointerFollow } from './pointer-follow.ts';
import { SaccadeFlight } from './saccade-flight.ts';
import { POINTER_IDLE_MS } from '../../../spec/eye-spec.ts';

const kind = { cause: 'test', micro: false, undershoot: false, corrective: false };

describe('SaccadeFlight', () => {
  it('flies a minimum-jerk profile over its main-sequence duration and then says it landed', () => {
    const f = new SaccadeFlight();
    f.launch(100, 0, 0, 10, 0, 10, kind);
    const out = { x: NaN, y: NaN };
    expect(f.durationMs).toBe(saccadeDurationMs(10));
    expect(f.at(100 + f.durationMs / 2, out)).toBe(true);
    expect(out.x).toBeCloseTo(5, 9); // minimum jerk is symmetric: half-way in time is half-way in space
    expect(f.at(100 + f.durationMs, out)).toBe(false);
    expect(f.truthEvent()).toMatchObject({ kind: 'saccade', startMs: 100, endMs: 100 + f.durationMs, amplitudeDeg: 10, cause: 'test' });
  });
  it('calls a movement under the split a microsaccade, and a late launch catches up to now', () => {
    const f = new SaccadeFlight();
    f.launch(0, 0, 0, 0, SACCADE_MIN_DEG / 2, SACCADE_MIN_DEG / 2, { ...kind, micro: true });
    expect(f.truthEvent().kind).toBe('microsaccade');
    const out = { x: 0, y: 0 };
    f.catchUp(0, out);
    expect(out.y).toBe(0); // not started yet: the eye stays
    f.catchUp(f.durationMs / 2, out);
    expect(out.y).toBeCloseTo(SACCADE_MIN_DEG / 4, 9);
  });
});

describe('EraChange', () => {
  it('switches at once when idle, after the movement when busy, and never later than the hold', () => {
    const c = new EraChange();
    expect(c.switchNow(0, '1970', '1970', false)).toBe(false);
    expect(c.switchNow(10, '1981', '1970', false)).toBe(true);
    const busy = new EraChange();
    expect(busy.switchNow(10, '1981', '1970', true)).toBe(false);
    expect(busy.switchNow(10 + ERA_CHANGE_HOLD_MS - 1, '1981', '1970', true)).toBe(false);
    expect(busy.switchNow(10 + ERA_CHANGE_HOLD_MS, '1981', '1970', true)).toBe(true);
  });
});

describe('PendingCorrection', () => {
  it('is pending only once timed, and cancels', () => {
    const c = new PendingCorrection();
    c.aim(3, 4, false);
    expect(c.pending).toBe(false);
    c.atMs = 200;
    expect(c.pending).toBe(true);
    c.cancel();
    expect(c.pending).toBe(false);
  });
});

describe('PointerFollow on a pointer input channel', () => {
  it('follows a pointer pushed while it runs, toward the era follow gain, and owes a return once idle', () => {
    const track = new PointerTrack([{ tS: 0, xR: 0, yR: 0, kind: 'leave' }]);
    const follow = new PointerFollow(track, 1);
    expect(follow.update(100, 0, 0, 0.5)).toBe(false);
    track.push({ tS: 0.2, xR: -2, yR: 0, kind: 'move' });
    expect(follow.update(200, 0, 0, 0.5)).toBe(true); // took over
    expect(follow.tx).toBeLessThan(0); // left of the eye → the target is left
    const full = new PointerFollow(new PointerTrack([{ tS: 0, xR: -2, yR: 0, kind: 'move' }]), 1);
    full.update(0, 0, 0, 1);
    expect(follow.tx).toBeCloseTo(full.tx / 2, 9); // half the follow gain, half the way
    expect(follow.update(200 + POINTER_IDLE_MS + 1, 0, 0, 0.5)).toBe(false);
    expect(follow.engaged).toBe(false);
    expect(follow.returnPending).toBe(true);
  });
  it('a channel refuses a key earlier than its newest, and a same-instant key of one kind replaces it', () => {
    const track = new PointerTrack([]);
    track.push({ tS: 1, xR: 0, yR: 0, kind: 'move' });
    track.push({ tS: 1, xR: 1, yR: 0, kind: 'move' });
    expect(track.last).toEqual({ tS: 1, xR: 1, yR: 0, kind: 'move' });
    expect(() => track.push({ tS: 0.5, xR: 0, yR: 0, kind: 'move' })).toThrow(/before the newest/);
  });
});
