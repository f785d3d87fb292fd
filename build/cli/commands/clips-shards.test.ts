import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runEye } from '../../testing/run-eye.ts';
import { tempDir } from '../../testing/temp-dir.ts';
import type { CompareRecord } from '../../jobs/compare/node/run-compare.ts';

const tmp = tempDir('eye-clips-shards-');
// Two eras, tiny and short: three clips (1970's, 1981's, the tile), two shards by panels: 1970 and the tile | 1981.
const SETTINGS = ['--eras', '1970,1981', '--size', '128x72', '--duration', '1', '--tile-size', '96x54'];
const clips = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.mp4')).sort();
const record = (dir: string, clip: string) => JSON.parse(readFileSync(join(dir, clip.replace(/\.mp4$/, '.json')), 'utf8')) as CompareRecord;
/** What decides a clip and what it shows, less where it lies and this machine's ledger. */
const shown = (r: CompareRecord) => ({ key: r.key, inputsKey: r.inputsKey, sha256: r.sha256, size: [r.width, r.height, r.fps, r.frames], panels: r.panels.map((p) => [p.label, p.numbers]) });

describe('eye clips --shard i/n, joined by --from: the clips on several machines', () => {
  it('n shard processes in parallel (each its own cache, as its own machine), joined on another, equal one run; a damaged clip is made again', async () => {
    const one = join(tmp, 'one');
    const [single, s1, s2] = await Promise.all([
      runEye(['clips', ...SETTINGS, '--cache-dir', join(tmp, 'cache-one'), '--out', one]),
      runEye(['clips', ...SETTINGS, '--shard', '1/2', '--cache-dir', join(tmp, 'cache-1'), '--out', join(tmp, 'shard-1')]),
      runEye(['clips', ...SETTINGS, '--shard', '2/2', '--cache-dir', join(tmp, 'cache-2'), '--out', join(tmp, 'shard-2')]),
    ]);
    for (const r of [single, s1, s2]) expect(r.code, r.stderr).toBe(0);
    expect(clips(join(tmp, 'shard-1'))).toEqual(['1970-none-generic-tuned.mp4', 'eras-tuned.mp4']);
    expect(clips(join(tmp, 'shard-2'))).toEqual(['1981-none-generic-tuned.mp4']);

    // The join: a fresh cache, nothing rendered; every clip the shards' bytes, its record pointing here.
    const joined = join(tmp, 'joined');
    const from = `${join(tmp, 'shard-1')},${join(tmp, 'shard-2')}`;
    const j = await runEye(['clips', ...SETTINGS, '--from', from, '--cache-dir', join(tmp, 'cache-join'), '--out', joined]);
    expect(j.code, j.stderr).toBe(0);
    expect(j.stderr).not.toMatch(/ms\/frame/);
    expect(clips(joined)).toEqual(clips(one));
    for (const c of clips(one)) {
      expect(readFileSync(join(joined, c)).equals(readFileSync(join(one, c))), c).toBe(true);
      expect(shown(record(joined, c))).toEqual(shown(record(one, c)));
      expect(record(joined, c).clip).toBe(join(joined, c));
    }

    // A shard's clip damaged in transit (its record unchanged): not taken; this machine makes it, the same bytes.
    appendFileSync(join(tmp, 'shard-2', '1981-none-generic-tuned.mp4'), 'x');
    const again = join(tmp, 'again');
    const a = await runEye(['clips', ...SETTINGS, '--from', from, '--cache-dir', join(tmp, 'cache-again'), '--out', again]);
    expect(a.code, a.stderr).toBe(0);
    expect(a.stderr).toMatch(/ms\/frame/); // 1981's panels rendered here
    for (const c of clips(one)) expect(readFileSync(join(again, c)).equals(readFileSync(join(one, c))), c).toBe(true);
  }, 900_000);
});
