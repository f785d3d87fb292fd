import { performance } from 'node:perf_hooks';
import { relative } from 'node:path';
import { CliError, EXIT } from '../../../errors/exit.ts';
import { DEFAULT_PARAMS } from '../../../measure/params.ts';
import { withSettings } from '../../../scene/parse.ts';
import type { Scene } from '../../../scene/scene.ts';
import { benchDetectors } from './check-bench.ts';
import { describeFailure, formatCheckTable, ledgerScenes, writeCheckProof } from './check-report.ts';
import { writeStdout } from '../../../node/io/write-stdout.ts';
import { checkScenes, type CheckResult, type CheckSettings } from './check-run.ts';
import { filmAssertions } from './check-films.ts';
import { checkFilm, eraSpread } from './era-spread.ts';
import { appendLedger } from '../../ledger/node/ledger.ts';
import { ensureOutDir } from '../../../node/io/ensure-out-dir.ts';
import { listScenes, loadScene } from '../../../node/io/load-scene.ts';
import { openCache, type CacheStore } from '../../cache/node/store.ts';

/** What `eye check` runs with, parsed and validated (build/cli/commands/check.ts declares the flags). */
export interface CheckCommandOptions {
  minutes: number;
  seeds: number;
  jobs: number;
  json: boolean;
  bench: boolean;
  /** Where assertions.json and summary.json go (resolved). */
  out: string;
  ledger: boolean;
  force: boolean;
  cache: boolean;
  cacheDir: string;
  films: boolean;
}

/**
 * The whole command: load, run, report, write, ledger; throws a CliError (exit 1) when a cap fails.
 * `argv` is the command line as the ledger records it.
 */
export async function runCheck(args: string[], opts: CheckCommandOptions, argv: string[]): Promise<CheckResult> {
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
  // Each scene's part and the stimuli's are cached by what decides them (check-run.ts: the scene, the
  // settings, the code the part runs, cut to its eras): an edit restores the parts it cannot change.
  const cache = opts.cache === false ? null : { store: openCache(opts.cacheDir), force: opts.force };
  const result = await checkScenes(scenes, settings, progress, cache);
  const ran = result.scenes.length + (result.physiology ? 1 : 0) - result.restored.length;
  if (result.restored.length > 0) process.stderr.write(`eye check: ${result.restored.length} part(s) restored from the cache (the same scene, settings and code: ${result.restored.join(', ')}), ${ran} run${ran === 1 ? '' : ' (--force runs all)'}\n`);
  const cached = ran === 0;
  if (opts.films) await checkOtherFilms(result, args, settings, cache?.store ?? null);
  const files = writeCheckProof(outDir, result, settings);
  if (opts.ledger !== false) {
    const restored = new Set(result.restored);
    const scenesLine = ledgerScenes(result).map((s) => (restored.has(s.scene) ? { ...s, cached: true } : s));
    appendLedger({ command: 'check', argv, scenes: scenesLine, wallMs: cached ? Math.round(performance.now() - t0) : result.wallMs });
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

/** The scenes `eye check` runs by default: every era's script, and each again under reduced motion. */
export function defaultCheckScenes(): Scene[] {
  const scripts = listScenes()
    .filter((n) => /^\d{4}-script$/.test(n))
    .map(loadScene);
  return [...scripts, ...scripts.map((s) => ({ ...withSettings(s, { reducedMotion: true }), name: `${s.name}+reduced` }))];
}

/**
 * `--films`: every scene under scenes/ (or each named one) whose film the run did not hold, held to
 * its spread (eraSpread: computed once, then cached): rest, tour, pointer and preset scenes.
 */
async function checkOtherFilms(result: CheckResult, args: string[], settings: CheckSettings, store: CacheStore | null): Promise<void> {
  const held = new Set(result.scenes.filter((s) => s.film !== null).map((s) => s.scene));
  const scenes = args.length > 0 ? args.map(loadScene) : listScenes().map(loadScene);
  for (const scene of scenes) {
    if (held.has(scene.name) || scene.reducedMotion) continue;
    held.add(scene.name);
    const spread = await eraSpread(scene, { store, params: settings.params, jobs: settings.jobs });
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
