import { performance } from 'node:perf_hooks';
import type { Command } from 'commander';
import { firstFailure, runSteps, stepTimes, type Step } from '../run-steps.ts';

/** What `./make.sh` proves, in order: the report reads what the render, the check and the clips wrote, so it goes last. */
export const ALL_STEPS: readonly Step[] = [
  { label: 'films', argv: ['render'] },
  { label: 'check', argv: ['check'] },
  // The comparison clips (proof/compare/): per era none / generic / tuned at 640x360, and the eras tiled.
  { label: 'clips', argv: ['clips'] },
  { label: 'report', argv: ['report'] },
];

export function registerAll(program: Command): void {
  program
    .command('all')
    .description(
      "What ./make.sh runs after its set-up: eye render (every scene), eye check, eye clips and eye report, with their defaults, one after another in one process (each command's start-up paid once); every step runs, the first failure's exit code is the run's, and each step's wall time is printed last.",
    )
    .action(async () => {
      const { main } = await import('../main.ts');
      const results = await runSteps(ALL_STEPS, (argv) => main(['node', 'eye', ...argv]), () => performance.now());
      process.stderr.write(`eye all: wall time per step: ${stepTimes(results)}\n`);
      process.exitCode = firstFailure(results);
    });
}
