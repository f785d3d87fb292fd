// How long the proof takes on n machines, from one render's measured per-scene times (issue 20;
// docs/ci-and-shards.md): `npx tsx build/tools/shard-times.ts [--file ledger.jsonl] [--run N]
//   [--machines 1,2,4,8] [--jobs 2] [--tail-s S]`
// The run is a ledger line of `eye render` (numbered as `eye ledger` lists them, negative from the
// end; default: the last one that rendered every scene it names, none restored from the cache). Each
// scene's frames and wall ms a frame are its own measurements there; the bins are eye render
// --shard's (core/shard/shard-times.ts). --tail-s is the steps after the films on one machine (merge,
// check, clips, report), added once; --jobs the renders a machine runs at once when it was measured.
import { shardTimes } from '../jobs/shard/core/shard-times.ts';
import { LEDGER_FILE, readLedger } from '../jobs/ledger/node/ledger.ts';
import { toolArgs } from './tool-args.ts';

const { opt, fail, int } = toolArgs('shard-times');
const machines = opt('machines', '1,2,4,8').split(',').map(Number);
if (machines.some((n) => !(Number.isInteger(n) && n >= 1 && n <= 64))) fail('--machines expects integers from 1 to 64, comma-separated');
const jobs = int('jobs', 2, 1, 16);
const tailS = Number(opt('tail-s', '0'));
if (!(Number.isFinite(tailS) && tailS >= 0)) fail('--tail-s expects seconds ≥ 0');
const { entries } = readLedger(opt('file', LEDGER_FILE));
const runText = opt('run', '');
const fresh = (e: (typeof entries)[number]) => e.command === 'render' && e.scenes.length > 0 && e.scenes.every((s) => !s.cached && typeof s.metrics.frames === 'number' && typeof s.metrics.msPerFrame === 'number');
let index: number;
if (runText === '') {
  index = entries.map(fresh).lastIndexOf(true);
  if (index < 0) fail('no render in the ledger rendered all its scenes (give --run N)');
} else {
  const n = Number(runText);
  index = n < 0 ? entries.length + n : n - 1;
  if (!Number.isInteger(n) || n === 0 || index < 0 || index >= entries.length) fail(`--run ${runText}: the ledger has runs 1 to ${entries.length}`);
  if (!fresh(entries[index])) fail(`run ${index + 1} is not a render whose every scene was rendered (a restored scene has no time of its own)`);
}
const run = entries[index];
const scenes = run.scenes.map((s) => ({ scene: s.scene, frames: s.metrics.frames as number, msPerFrame: s.metrics.msPerFrame as number }));
const frames = scenes.reduce((n, s) => n + s.frames, 0);
process.stdout.write(`render run ${index + 1} (${run.time}, ${scenes.length} scenes, ${frames} frames, films ${(run.wallMs / 1000).toFixed(0)} s wall as run), ${jobs} renders at a time a machine, tail ${tailS} s\n`);
// The frames' own times leave out each scene's start (browser, layers), stills and spread: the run's
// wall over their sum on one machine scales every n alike (the same work per scene on each machine).
const times = shardTimes(scenes, machines, jobs, 0);
const oneS = shardTimes(scenes, [1], jobs, 0)[0].filmsS;
const scale = oneS > 0 ? run.wallMs / 1000 / oneS : 1;
process.stdout.write(`the frames' own times sum to ${oneS} s on one machine; the run's wall is ${scale.toFixed(2)}× that (each scene's start, stills, spread), so every estimate is scaled by it\n`);
process.stdout.write('| machines | frames in the largest bin | films, frames only (s) | films, scaled (s) | whole proof with the tail (s) |\n|---|---|---|---|---|\n');
for (const t of times) process.stdout.write(`| ${t.machines} | ${t.largestBinFrames} | ${t.filmsS} | ${Math.round(t.filmsS * scale)} | ${Math.round(t.filmsS * scale + tailS)} |\n`);
