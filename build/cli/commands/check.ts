import { performance } from 'node:perf_hooks';
import { availableParallelism } from 'node:os';
import { join, relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { CliError, EXIT } from '../../errors/exit.ts';
import { declareOptions, integerIn, numberIn, parseOptions, type OptionSpec, type OptionValues } from '../option-spec.ts';
import { DEFAULT_PARAMS } from '../../measure/params.ts';
import { withSettings } from '../../scene/parse.ts';
import type { Scene } from '../../scene/scene.ts';
import { benchDetectors } from '../../node/bench/check-bench.ts';
import { describeFailure, formatCheckTable, ledgerScenes, writeCheckProof } from '../../node/check/check-report.ts';
import { writeStdout } from '../../node/io/write-stdout.ts';
import { runCheck, type CheckResult, type CheckSettings } from '../../node/check/check-run.ts';
import { filmAssertions } from '../../node/check/check-films.ts';
import { checkFilm, eraSpread } from '../../node/check/era-spread.ts';
import { pickSeed, PICK_TRIES } from '../../node/check/check-pick-seed.ts';
import { appendLedger } from '../../node/ledger/ledger.ts';
import { ensureOutDir } from '../../node/io/ensure-out-dir.ts';
import { listScenes, loadScene } from '../../node/io/load-scene.ts';
import { projectRoot } from '../../node/io/project-root.ts';
import { cachedJson } from '../../node/cache/cached-json.ts';
import { codeHash } from '../../node/cache/code-hash.ts';
import { cacheKey } from '../../node/cache/key.ts';
import { openCache } from '../../node/cache/store.ts';

/** `eye check`'s options, each declared once (flag, doc, default, validator): --help and parsing both read this. */
export const CHECK_OPTIONS = {
  minutes: { flags: '--minutes <n>', doc: 'scene time per seed, minutes, 0.05 to 240 (the caps are proven over ≥ 10)', default: 10, parse: numberIn(0.05, 240) },
  seeds: { flags: '--seeds <n>', doc: "seeds per scene, 1 to 100 (the scene's own and the next ones)", default: 3, parse: integerIn(1, 100) },
  jobs: { flags: '--jobs <n>', doc: 'worker threads, 1 to 256', default: availableParallelism(), defaultText: `the core count, ${availableParallelism()}`, parse: integerIn(1, 256) },
  json: { flags: '--json', doc: 'print the summary as JSON on stdout instead of the table', default: false },
  bench: { flags: '--bench', doc: "also time the detectors alone (samples per second) beside the check's wall time", default: false },
  out: { flags: '--out <dir>', doc: 'where assertions.json and summary.json go', default: join(projectRoot(), 'proof', 'check'), defaultText: 'proof/check', parse: (t: string) => resolve(t) },
  ledger: { flags: '--no-ledger', doc: 'do not append this run to ledger.jsonl', default: true },
  force: { flags: '--force', doc: 'run even when the same scenes, settings and code have a result in the cache (and replace it)', default: false },
  cache: { flags: '--no-cache', doc: 'neither restore the result from nor store it into the cache', default: true },
  cacheDir: {
    flags: '--cache-dir <dir>',
    doc: 'the content-addressed cache: a check whose scenes, settings and build/ code are unchanged restores its result instead of simulating again',
    default: resolve(projectRoot(), 'cache'),
    defaultText: 'cache/',
    parse: (t: string) => resolve(t),
  },
  films: {
    flags: '--films',
    doc: "also hold every other scene's proof film (rest, tour, pointer, the generic and none presets) to its spread (computed once, then read from cache/spread/)",
    default: false,
  },
  pickSeeds: {
    flags: '--pick-seeds',
    doc: "only say, for each scene under scenes/ (or each named), whether its seed gives a film inside its spread away from the edges, and which seed would (how the scene files' seeds were picked); writes nothing",
    default: false,
  },
} satisfies Record<string, OptionSpec<unknown>>;

/** The scenes `eye check` runs by default: every era's script, and each again under reduced motion. */
export function defaultCheckScenes(): Scene[] {
  const scripts = listScenes()
    .filter((n) => /^\d{4}-script$/.test(n))
    .map(loadScene);
  return [...scripts, ...scripts.map((s) => ({ ...withSettings(s, { reducedMotion: true }), name: `${s.name}+reduced` }))];
}

/** `eye check`'s parsed options. */
export type CheckCliOptions = OptionValues<typeof CHECK_OPTIONS>;

export function registerCheck(program: Command): void {
  const cmd = program
    .command('check')
    .description(
      'Simulate each scene in Node (default: every <era>-script, and each under reduced motion) for long runs, detect events from the ' +
        'sampled signal, score the detectors against the generator\'s labels, and assert the calm caps (eye.md §10). Writes ' +
        'proof/check/assertions.json and summary.json and a ledger line; exits 1 naming any failed assertion.',
    )
    .argument('[scene...]', 'scene files or names under scenes/ (e.g. scenes/fixtures/bad-1970-fast-reading.json)');
  declareOptions(cmd, CHECK_OPTIONS)
    .action(async (args: string[], raw: Record<string, unknown>) => {
      const opts = parseOptions(CHECK_OPTIONS, raw);
      if (opts.pickSeeds) return pickSeedsCommand(args, opts);
      await checkCommand(args, opts);
    });
}

/** The whole command: load, run, report, write, ledger; throws a CliError (exit 1) when a cap fails. */
export async function checkCommand(args: string[], opts: CheckCliOptions): Promise<CheckResult> {
  const t0 = performance.now();
  const settings: CheckSettings = {
    minutes: opts.minutes,
    seeds: opts.seeds,
    jobs: opts.jobs,
    params: DEFAULT_PARAMS,
    // 30 Hz: a film's own frame rate, the rate the proof films are measured at (from the trace and the pixels).
    ratesHz: [240, 60, 30],
    // The stimulus scenes belong to the default run over every era, not to a check of named scenes.
    physiology: args.length === 0,
    // Each era's proof film against its spread: in the default run, or asked for.
    films: args.length === 0 || opts.films === true,
  };
  // Every scene is validated before any work starts (a bad file is exit 2, nothing written).
  const scenes = args.length > 0 ? args.map(loadScene) : defaultCheckScenes();
  // And the output folder is checked before the simulation, not found unwritable after it.
  const outDir = opts.out;
  ensureOutDir(outDir);
  const progress = progressLine(scenes.length * settings.seeds);
  // The result is a pure function of the scenes, the settings (not --jobs) and the code: cached by them.
  const store = opts.cache === false ? null : openCache(opts.cacheDir);
  const { jobs: _threads, ...what } = settings;
  const key = cacheKey({ kind: 'check', scenes, settings: what, code: (await codeHash(projectRoot(), 'build/cli/commands/check.ts')).hash });
  const run = await cachedJson(store, { kind: 'checks', key, name: 'check', force: opts.force }, () => runCheck(scenes, settings, progress));
  const result = run.value;
  if (run.cached) process.stderr.write(`eye check: restored from the cache (the same scenes, settings and code ran at ${run.createdAt}; --force runs again)\n`);
  if (opts.films) await checkOtherFilms(result, args, settings);
  const files = writeCheckProof(outDir, result, settings);
  if (opts.ledger !== false) {
    const scenesLine = ledgerScenes(result).map((s) => (run.cached ? { ...s, cached: true } : s));
    appendLedger({ command: 'check', argv: process.argv.slice(3), scenes: scenesLine, wallMs: run.cached ? Math.round(performance.now() - t0) : result.wallMs });
  }
  const bench = opts.bench ? benchDetectors(scenes.find((s) => !s.reducedMotion) ?? scenes[0], settings.params) : null;
  if (opts.json) {
    writeStdout(
      `${JSON.stringify({ pass: result.pass, failed: result.failed.map(describeFailure), assertions: result.assertions, accuracy: result.accuracy, scenes: result.scenes, films: result.films, physiology: result.physiology, timing: { wallMs: result.wallMs, simulateCpuMs: result.simulateMs, detectCpuMs: result.detectMs, samples: result.samples }, bench }, null, 2)}\n`,
    );
  } else {
    writeStdout(`${formatCheckTable(result, settings)}\n`);
    writeStdout(`wrote ${relative(process.cwd(), files.assertions)} and ${relative(process.cwd(), files.summary)}\n`);
    if (bench) {
      writeStdout(
        `bench: detectors ${(bench.samplesPerS / 1e6).toFixed(2)} M samples/s at 240 Hz (${bench.samples} samples, best of ${bench.repeats}: ` +
          `${bench.detectMs.toFixed(0)} ms); simulation ${bench.simulatedSecondsPerS.toFixed(0)}× real time; ` +
          `full check ${(result.wallMs / 1000).toFixed(1)} s wall on ${settings.jobs} thread(s)\n`,
      );
    }
  }
  if (!result.pass) {
    throw new CliError(EXIT.assertionFailed, `${result.failed.length} assertion(s) failed: ${result.failed.map(describeFailure).join('; ')}`);
  }
  return result;
}

/** `eye check --pick-seeds`: a line per scene; exit 1 when a scene's own seed is not a comfortable pick. */
export async function pickSeedsCommand(args: string[], opts: CheckCliOptions): Promise<void> {
  const jobs = opts.jobs;
  const scenes = (args.length > 0 ? args : listScenes()).map(loadScene);
  const moved: string[] = [];
  for (const scene of scenes) {
    const pick = pickSeed(scene, await eraSpread(scene, { jobs }));
    if (!pick) {
      moved.push(scene.name);
      writeStdout(`${scene.name}: no seed of ${PICK_TRIES} tried gives a film inside its spread\n`);
    } else if (pick.keep) {
      writeStdout(`${scene.name}: seed ${pick.seed} ok\n`);
    } else {
      moved.push(scene.name);
      writeStdout(`${scene.name}: seed ${scene.seed} is not (${pick.rejected[0].replace(/^seed \d+: /, '')}); seed ${pick.seed} is\n`);
    }
  }
  if (moved.length > 0) throw new CliError(EXIT.assertionFailed, `${moved.length} scene(s) want another seed: ${moved.join(', ')}`);
}

/**
 * `--films`: every scene under scenes/ (or each named one) whose film the run did not hold, held to
 * its spread (eraSpread: computed once, then cached): rest, tour, pointer and preset scenes.
 */
async function checkOtherFilms(result: CheckResult, args: string[], settings: CheckSettings): Promise<void> {
  const held = new Set(result.scenes.filter((s) => s.film !== null).map((s) => s.scene));
  const scenes = args.length > 0 ? args.map(loadScene) : listScenes().map(loadScene);
  for (const scene of scenes) {
    if (held.has(scene.name) || scene.reducedMotion) continue;
    held.add(scene.name);
    const spread = await eraSpread(scene, { params: settings.params, jobs: settings.jobs });
    const film = checkFilm(scene, spread, settings.params);
    result.films.push(film);
    const added = filmAssertions(film);
    result.assertions.push(...added);
    result.failed.push(...added.filter((a) => !a.pass));
  }
  result.pass = result.failed.length === 0;
}

/** Progress on stderr: rewritten in place on a terminal, a plain line per quarter elsewhere (CI logs stay short). */
function progressLine(total: number): (done: number, all: number) => void {
  const tty = process.stderr.isTTY === true;
  let lastQuarter = -1;
  return (done, all) => {
    if (tty) {
      process.stderr.write(`\rcheck: ${done}/${all} runs${done === all ? '\r\x1b[K' : ''}`);
      return;
    }
    const quarter = Math.floor((done / total) * 4);
    if (quarter > lastQuarter && done < all) {
      lastQuarter = quarter;
      process.stderr.write(`check: ${done}/${all} runs\n`);
    }
  };
}
