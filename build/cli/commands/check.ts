import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { declareOptions, integerIn, numberIn, parseOptions, type OptionSpec } from '../option-spec.ts';
import { projectRoot } from '../../node/io/project-root.ts';

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
    doc: "also hold every other scene's proof film (rest, tour, pointer, the generic and none presets) to its spread (computed once, then read from the cache: --cache-dir, none with --no-cache)",
    default: false,
  },
  pickSeeds: {
    flags: '--pick-seeds',
    doc: "only say, for each scene under scenes/ (or each named), whether its seed gives a film inside its spread away from the edges, and which seed would (how the scene files' seeds were picked); writes nothing",
    default: false,
  },
} satisfies Record<string, OptionSpec<unknown>>;

/** `eye check [scene…]`: the flags, parsed; the work is runCheck's (build/jobs/check/node/run-check.ts). */
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
      if (opts.pickSeeds) {
        const { runPickSeeds } = await import('../../jobs/check/node/run-pick-seeds.ts');
        return runPickSeeds(args, opts);
      }
      const { runCheck } = await import('../../jobs/check/node/run-check.ts');
      await runCheck(args, opts, process.argv.slice(3));
    });
}
