import { describe, expect, it } from 'vitest';
import type { LedgerEntry, LedgerSceneResult } from '../../ledger/core/ledger-entry.ts';
import { filmFixture } from '../../../testing/film-metrics-fixture.ts';
import { ledgerCheck, type PanelLedgerQuery } from './ledger-check.ts';

const REV = 'a'.repeat(40);
const SETTINGS = { width: 640, height: 360, fps: 30, durationS: 4, seed: 7 };
const numbers = filmFixture({ saccadesPerS: 1.25, microsaccadesPerS: 0.25, meanFixationMs: 687.5, meanBlinkIntervalS: null, blinkEpisodes: 1 });
const query: PanelLedgerQuery = { scene: '1970-script', revision: REV, dirty: false, settings: SETTINGS, numbers };

/** A render line's scene result as run-render.ts writes it: the film's pixel numbers under pixel.<name>. */
function result(over: Partial<typeof numbers> = {}, settings = SETTINGS, scene = '1970-script'): LedgerSceneResult {
  const n = { ...numbers, ...over };
  const metrics: Record<string, number | null> = { frames: 120 };
  for (const [k, v] of Object.entries(n)) if (typeof v !== 'boolean') metrics[`pixel.${k}`] = v;
  return { scene, pass: true, metrics, failed: [], settings };
}

function line(scenes: LedgerSceneResult[], over: Partial<LedgerEntry> = {}): LedgerEntry {
  return { time: '2026-12-01T04:00:00.000Z', revision: REV, dirty: false, command: 'render', argv: [], scenes, pass: true, wallMs: 1, ...over };
}

describe('ledgerCheck: a compare label against the ledger line of its scene at its revision', () => {
  it('agrees with a line that holds the same numbers, and says what the line holds', () => {
    const c = ledgerCheck(query, [line([result()])]);
    expect(c.agree).toBe(true);
    expect(c.line).toEqual({ time: '2026-12-01T04:00:00.000Z', revision: REV, dirty: false, cached: false });
    expect(c.metrics.map((m) => m.metric)).toEqual(['saccadesPerS', 'microsaccadesPerS', 'meanFixationMs', 'meanBlinkIntervalS', 'blinkEpisodes']);
    expect(c.says).toContain('meanFixationMs 688');
    expect(c.says).toContain('agrees');
  });

  it('fails a deliberately mismatching line, naming the metric and both numbers', () => {
    const c = ledgerCheck(query, [line([result({ meanFixationMs: 700.25 })])]);
    expect(c.agree).toBe(false);
    expect(c.metrics.find((m) => m.metric === 'meanFixationMs')).toEqual({ metric: 'meanFixationMs', label: 687.5, ledger: 700.25, agree: false });
    expect(c.metrics.filter((m) => !m.agree)).toHaveLength(1);
    expect(c.says).toContain('DIFFERS');
    expect(c.says).toContain('meanFixationMs label 687.5 ≠ ledger 700.25');
  });

  it('a null against a number differs; null against null agrees', () => {
    expect(ledgerCheck(query, [line([result({ meanBlinkIntervalS: 5 })])]).agree).toBe(false);
    expect(ledgerCheck({ ...query, numbers: { ...numbers, meanFixationMs: null } }, [line([result({ meanFixationMs: null })])]).agree).toBe(true);
  });

  it('reads the newest matching line (the last appended)', () => {
    const old = line([result({ saccadesPerS: 9 })], { time: '2026-12-01T03:00:00.000Z' });
    const c = ledgerCheck(query, [old, line([result()])]);
    expect(c.agree).toBe(true);
    expect(ledgerCheck(query, [line([result()]), old]).agree).toBe(false);
  });

  it('says plainly that nothing was checked when no line matches: another revision, size, length, rate, seed, scene, a dirty tree, a check line, no pixel numbers', () => {
    const misses: LedgerEntry[] = [
      line([result()], { revision: 'b'.repeat(40) }),
      line([result({}, { ...SETTINGS, width: 1280, height: 720 })]),
      line([result({}, { ...SETTINGS, durationS: 20 })]),
      line([result({}, { ...SETTINGS, fps: 60 })]),
      line([result({}, { ...SETTINGS, seed: 8 })]),
      line([result({}, SETTINGS, '1970-rest')]),
      line([result()], { dirty: true }),
      line([result()], { command: 'check' }),
      line([{ ...result(), metrics: { frames: 120 } }]),
      line([{ ...result(), settings: undefined }]),
    ];
    for (const m of misses) {
      const c = ledgerCheck(query, [m]);
      expect(c.agree, JSON.stringify(m)).toBeNull();
      expect(c.line).toBeNull();
    }
    const none = ledgerCheck(query, misses);
    expect(none.says).toBe('ledger: no render line at aaaaaaa holds 1970-script at 640x360, 4 s, 30 fps, seed 7 with its pixel numbers: the label is not checked');
  });

  it('a length given in seconds matches the same frame count', () => {
    expect(ledgerCheck(query, [line([result({}, { ...SETTINGS, durationS: 120 / 30 })])]).agree).toBe(true);
  });
});
