// Writes the generated tracker files (tracker-files.ts) and each one's plain CSV into a folder, and
// prints the `eye measure` command a user types for each: `npx tsx build/testing/write-tracker-fixtures.ts DIR`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eyelinkAsc, pupilLabs, pymovements, semicolonTable, tobiiProLab, tobiiStudio } from './tracker-files.ts';
import { trackerRecording } from './tracker-recording.ts';

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: write-tracker-fixtures.ts DIR\n');
  process.exit(2);
}
mkdirSync(dir, { recursive: true });
const r500 = trackerRecording(1, 500, 60);
const r300 = trackerRecording(2, 300, 60);
const r200 = trackerRecording(3, 200, 60);
const files = [
  eyelinkAsc(r500, { binocular: false, input: true }),
  eyelinkAsc(r500, { binocular: true, input: false, resPerSample: true, velocity: true }),
  tobiiProLab(r300, { decimalComma: false }),
  tobiiProLab(r300, { decimalComma: true }),
  tobiiStudio(r300),
  pupilLabs(r200),
  pymovements(r500, 3),
  semicolonTable(r500),
];
for (const f of files) {
  writeFileSync(join(dir, f.name), f.text);
  const plain = join(dir, `${f.name.replace(/\.[a-z]+$/, '')}.plain.csv`);
  writeFileSync(plain, f.plainCsv);
  process.stdout.write(`eye measure ${join(dir, f.name)} ${f.args.join(' ')}\t${plain}\n`);
}
const truth = (r: typeof r500) => ({ saccades: r.saccades.filter((s) => Math.hypot(s.dxDeg, s.dyDeg) >= 0.6).length, microsaccades: r.saccades.filter((s) => Math.hypot(s.dxDeg, s.dyDeg) < 0.6).length, blinks: r.blinks.length });
process.stdout.write(`truth 500 Hz ${JSON.stringify(truth(r500))} 300 Hz ${JSON.stringify(truth(r300))} 200 Hz ${JSON.stringify(truth(r200))}\n`);
