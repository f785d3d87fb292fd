import { mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../testing/temp-dir.ts';
import { readRecord } from './compare-record.ts';

const record = {
  clip: 'proof/compare/x.mp4',
  key: 'k',
  inputsKey: 'i',
  sha256: 's',
  width: 1920,
  height: 512,
  fps: 30,
  frames: 600,
  panels: [{ label: ['1970-script', 'saccades 1.30/s'], scene: '1970-script', ledger: { says: 'ledger holds …' }, note: 'made from the proof film' }],
  verdict: { ok: true },
};

describe('readRecord: a clip record read as untrusted (eye clips --from takes another machine\'s)', () => {
  it('reads a record of the shape eye clips writes, markup in its labels left for sayPanels to escape', () => {
    const dir = tempDir('eye-record-');
    const f = join(dir, 'x.mp4.json');
    const withMarkup = { ...record, panels: [{ ...record.panels[0], label: ['<b>1970</b>', '\u001b[31mred'] }] };
    writeFileSync(f, JSON.stringify(withMarkup));
    expect(readRecord(f)?.panels[0].label).toEqual(['<b>1970</b>', '\u001b[31mred']);
  });

  it('gives null (the clip is made again) for a missing, truncated, oversized, folder or wrongly shaped record', () => {
    const dir = tempDir('eye-record-');
    const at = (name: string, body: string) => {
      const f = join(dir, name);
      writeFileSync(f, body);
      return f;
    };
    const text = JSON.stringify(record);
    expect(readRecord(join(dir, 'absent.json'))).toBeNull();
    expect(readRecord(at('truncated.json', text.slice(0, text.length / 2)))).toBeNull();
    const big = at('big.json', text);
    truncateSync(big, (1 << 20) + 1);
    expect(readRecord(big)).toBeNull();
    mkdirSync(join(dir, 'folder.json'));
    expect(readRecord(join(dir, 'folder.json'))).toBeNull();
    let n = 0;
    const shaped = (o: object) => at(`bad-${n++}.json`, JSON.stringify({ ...record, ...o }));
    expect(readRecord(at('null.json', 'null'))).toBeNull();
    expect(readRecord(shaped({ panels: 'all' }))).toBeNull();
    expect(readRecord(shaped({ width: '1920' }))).toBeNull();
    expect(readRecord(shaped({ key: 7 }))).toBeNull();
    expect(readRecord(shaped({ panels: [{ ...record.panels[0], label: ['one'] }] }))).toBeNull();
    expect(readRecord(shaped({ panels: [{ ...record.panels[0], ledger: { says: 3 } }] }))).toBeNull();
    expect(readRecord(shaped({ panels: [{ ...record.panels[0], note: {} }] }))).toBeNull();
  });
});
