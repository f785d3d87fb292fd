import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../testing/temp-dir.ts';
import { readDiff } from './read-diff.ts';

const FIXTURE = readFileSync(join(import.meta.dirname, 'fixtures', 'diff.json'), 'utf8');

/** A proof folder holding the fixture's files: its stills (small PNGs) and a review clip. */
async function proofWithDiff(diff: string = FIXTURE): Promise<string> {
  const proof = tempDir('eye-report-diff-');
  const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#335533' } }).png().toBuffer();
  for (const rel of ['diff/1970-script/baseline/mid-saccade.png', 'diff/1970-script/baseline/first-blink.png', '1970-script/stills/mid-saccade.png', '1970-script/stills/first-blink.png', 'diff/2026-script/baseline/mid-saccade.png', '2026-script/stills/mid-saccade.png', 'diff/posters/1970-script/frame-000000.webp']) {
    mkdirSync(join(proof, rel, '..'), { recursive: true });
    writeFileSync(join(proof, rel), png);
  }
  writeFileSync(join(proof, 'diff', 'review.mp4'), 'not played here');
  writeFileSync(join(proof, 'diff', 'diff.json'), diff);
  return proof;
}

describe('readDiff: proof/diff/diff.json for the report', () => {
  let proof: string;
  beforeAll(async () => {
    proof = await proofWithDiff();
  });

  it('reads the fixture: verdicts, the review clip as a link beside the page, every still inlined as WebP', async () => {
    const d = await readDiff(proof);
    expect(d.state).toBe('read');
    expect(d.against).toEqual({ kind: 'baseline', rev: null });
    const s = d.scenes[0];
    expect(s.reviewClipHref).toBe('diff/review.mp4');
    expect(s.poster?.dataUri).toMatch(/^data:image\/webp;base64,/);
    expect(d.scenes[1].poster).toBeNull();
    expect(s.baselineStills.map((x) => x.label)).toEqual(['mid-saccade', 'first-blink']);
    expect([...s.baselineStills, ...s.currentStills].every((x) => x.dataUri.startsWith('data:image/webp;base64,'))).toBe(true);
    expect(s.missingFiles).toEqual([]);
  });

  it('is "none" when eye diff has not run, and names a file the diff lists that is not there', async () => {
    expect((await readDiff(tempDir('eye-report-nodiff-'))).state).toBe('none');
    const f = JSON.parse(FIXTURE);
    f.scenes[0].currentStills[1] = '1970-script/stills/gone.png';
    const d = await readDiff(await proofWithDiff(JSON.stringify(f)));
    expect(d.scenes[0].missingFiles).toEqual(['1970-script/stills/gone.png']);
    expect(d.scenes[0].currentStills).toHaveLength(1);
  });

  it('rejects, without throwing, a file that is not JSON, not the schema, or names a path outside the proof (a link out too)', async () => {
    const notJson = await readDiff(await proofWithDiff('{"schema": '));
    expect(notJson).toMatchObject({ state: 'rejected', scenes: [] });
    expect(notJson.problem).toMatch(/^not valid JSON/);
    const other = await readDiff(await proofWithDiff(FIXTURE.replace('eye-diff/1', 'eye-diff/0')));
    expect(other.problem).toBe('field schema: expected "eye-diff/1", got "eye-diff/0"');
    const climbs = await readDiff(await proofWithDiff(FIXTURE.replace('"diff/review.mp4"', '"../../etc/passwd"')));
    expect(climbs.problem).toMatch(/field scenes\[0\]\.reviewClip: expected a path inside the proof folder/);
    const poster = await readDiff(await proofWithDiff(FIXTURE.replace('"diff/posters/1970-script/frame-000000.webp"', '"/etc/passwd"')));
    expect(poster.problem).toMatch(/field scenes\[0\]\.reviewPoster: expected a path inside the proof folder/);
    // A path that reads as inside but is a link to a file outside: refused as a ".." is.
    const linked = await proofWithDiff();
    const outside = join(tempDir('eye-report-outside-'), 'secret.png');
    writeFileSync(outside, 'x');
    symlinkSync(outside, join(linked, 'diff', 'leak.png'));
    const f = JSON.parse(FIXTURE);
    f.scenes[3].baselineStills[0] = 'diff/leak.png';
    writeFileSync(join(linked, 'diff', 'diff.json'), JSON.stringify(f));
    const leak = await readDiff(linked);
    expect(leak).toMatchObject({ state: 'rejected', scenes: [] });
    expect(leak.problem).toMatch(/field scenes\[3\]\.baselineStills\[0\]: "diff\/leak.png" resolves outside the proof folder/);
    // A why with markup and control characters: read as text, the controls made visible (the page escapes the markup).
    const w = JSON.parse(FIXTURE);
    w.scenes[0].why = 'ok <b>bold</b>\u001b[31m red\u0007';
    w.scenes[0].metrics[0].unit = 'ms\u001b[2J';
    const why = await readDiff(await proofWithDiff(JSON.stringify(w)));
    expect(why.scenes[0].why).toBe('ok <b>bold</b>\\u001b[31m red\\u0007');
    expect(why.scenes[0].metrics[0].unit).toBe('ms\\u001b[2J');
    // A control character in the message is escaped, never printed raw.
    const ctl = await readDiff(await proofWithDiff(FIXTURE.replace('"eye-diff/1"', '"eye-diff/\\u001b[31m"')));
    expect(ctl.problem).not.toMatch(/\u001b/);
  });
});
