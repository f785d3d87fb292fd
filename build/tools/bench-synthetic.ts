// The synthetic bench: `npx tsx build/tools/bench-synthetic.ts [--json] [--duration-s N]`.
// 250/500/1000 Hz × 0.005–0.05° RMS noise, 60 s each with known saccades and microsaccades
// (build/testing/synthetic-bench.ts); each method's F1 against the truth, saccades and microsaccades
// apart, then per method the recordings on which it matches or beats ek2003 (eye measure's default).
import { formatTable } from '../report/table.ts';
import { BENCH_METHODS, BENCH_NOISES_DEG, BENCH_RATES_HZ, benchOne, benchRecording, type BenchRow } from '../testing/synthetic-bench.ts';

const args = process.argv.slice(2);
const json = args.includes('--json');
const at = args.indexOf('--duration-s');
const durationS = at >= 0 ? Number(args[at + 1]) : 60;
if (!(durationS >= 5 && durationS <= 600)) {
  process.stderr.write('bench-synthetic: --duration-s expects a number from 5 to 600\n');
  process.exit(2);
}

const rows: BenchRow[] = [];
for (const hz of BENCH_RATES_HZ) for (const noise of BENCH_NOISES_DEG) rows.push(...benchOne(benchRecording(hz, noise, durationS * 1000)));

const f1 = (v: number) => v.toFixed(2);
const counts = (s: { truePositives: number; falsePositives: number; falseNegatives: number }) => `${s.truePositives}/${s.falsePositives}/${s.falseNegatives}`;
if (json) {
  process.stdout.write(`${JSON.stringify(rows.map((r) => ({ hz: r.hz, noiseDeg: r.noiseDeg, method: r.label, saccade: r.accuracy.saccade, microsaccade: r.accuracy.microsaccade })), null, 2)}\n`);
} else {
  const table = [['rate', 'noise °', 'method', 'saccade F1', 'TP/FP/FN', 'micro F1', 'TP/FP/FN']];
  for (const r of rows) table.push([`${r.hz} Hz`, String(r.noiseDeg), r.label, f1(r.accuracy.saccade.f1), counts(r.accuracy.saccade), f1(r.accuracy.microsaccade.f1), counts(r.accuracy.microsaccade)]);
  process.stdout.write(`${formatTable(table)}\n\n`);
  // Per method: mean F1 over the recordings, and on how many it matches or beats ek2003 (both classes, to 0.005).
  const summary = [['method', 'mean saccade F1', 'mean micro F1', `≥ ek2003 on (of ${BENCH_RATES_HZ.length * BENCH_NOISES_DEG.length})`]];
  for (const m of BENCH_METHODS) {
    const mine = rows.filter((r) => r.label === m.label);
    const ref = rows.filter((r) => r.label === BENCH_METHODS[0].label);
    const mean = (k: 'saccade' | 'microsaccade') => mine.reduce((s, r) => s + r.accuracy[k].f1, 0) / mine.length;
    const atLeast = mine.filter((r, i) => r.accuracy.saccade.f1 >= ref[i].accuracy.saccade.f1 - 0.005 && r.accuracy.microsaccade.f1 >= ref[i].accuracy.microsaccade.f1 - 0.005).length;
    summary.push([m.label, f1(mean('saccade')), f1(mean('microsaccade')), String(atLeast)]);
  }
  process.stdout.write(`${formatTable(summary)}\n`);
}
