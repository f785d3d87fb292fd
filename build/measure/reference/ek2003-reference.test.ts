import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMeasure } from '../../jobs/measure/node/run-measure.ts';
import { referenceRecordings } from '../../testing/ek2003-recordings.ts';
import { tempDir } from '../../testing/temp-dir.ts';

/**
 * `eye measure --method ek2003` against the reference R code, run by Rscript on the same files:
 * every onset and offset row, and the threshold radius. R is a test-time tool only (apt-get install
 * r-base-core); where Rscript is missing this skips and says so. EK_TOOLBOX_DIR=folder runs the
 * toolbox's own vecvel.R and microsacc.R from that folder instead of this project's transcription.
 */
const hasR = spawnSync('Rscript', ['--version']).status === 0;
// The skipped tests' names say why too, but a collapsed report shows only a count: say it once here.
if (!hasR) console.warn('ek2003-reference: skipped, Rscript is not on PATH (apt-get install r-base-core to run the reference R code side by side)');
const script = join(import.meta.dirname, 'run-microsacc.R');
const toolbox = process.env.EK_TOOLBOX_DIR ?? '';

function reference(file: string, lambda: number, minSamples: number): { radius: [number, number] | null; rows: [number, number][] } {
  const out = execFileSync('Rscript', [script, file, String(lambda), String(minSamples), toolbox], { encoding: 'utf8' });
  const lines = out.trim().split('\n');
  if (lines[0] === 'none') return { radius: null, rows: [] };
  const [, rx, ry] = lines[0].split(',');
  return { radius: [Number(rx), Number(ry)], rows: lines.slice(1).map((l) => l.split(',').map(Number) as [number, number]) };
}

describe.skipIf(!hasR)('eye measure --method ek2003 against the reference R code (Rscript)', () => {
  const dir = tempDir('ek2003-ref-');
  const recordings = referenceRecordings();
  for (const rec of recordings) {
    it(`${rec.name}: every onset and offset row, at λ 5 / 3 samples and λ 6 / 3 and 6 samples`, async () => {
      const file = join(dir, `${rec.name}.csv`);
      writeFileSync(file, rec.csv);
      for (const [lambda, minSamples] of [
        [5, 3],
        [6, 3],
        [6, 6],
      ]) {
        const ref = reference(file, lambda, minSamples);
        const ours = await runMeasure(file, { method: 'ek2003', lambda, minSamples });
        const rows = ours.events.saccades.map((s) => [s.onsetSample + 1, s.offsetSample + 1]);
        expect(rows.length).toBeGreaterThan(0);
        expect(rows).toEqual(ref.rows);
        expect(ours.saccadeDetector.thresholdDegPerS.x).toBeCloseTo(ref.radius![0], 3);
        expect(ours.saccadeDetector.thresholdDegPerS.y).toBeCloseTo(ref.radius![1], 3);
      }
    });
  }
  it("eye measure's default (no --method, λ 6, MINDUR 3) is the reference: every onset and offset row on every recording", async () => {
    for (const rec of recordings) {
      const file = join(dir, `${rec.name}-default.csv`);
      writeFileSync(file, rec.csv);
      const ref = reference(file, 6, 3);
      const ours = await runMeasure(file);
      expect(ours.saccadeDetector.method).toBe('ek2003');
      expect(ours.events.saccades.map((s) => [s.onsetSample + 1, s.offsetSample + 1])).toEqual(ref.rows);
    }
  });
});

// Only where R is missing: one skipped test saying why (with R there is nothing to skip).
if (!hasR) {
  describe('eye measure --method ek2003 against the reference R code', () => {
    it.skip('skipped: Rscript is not on PATH (apt-get install r-base-core to run the reference side by side)', () => {});
  });
}
