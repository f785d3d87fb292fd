/** One step of a run of several eye commands: its label in the timing line, and its command line. */
export interface Step {
  label: string;
  argv: readonly string[];
}

export interface StepResult {
  label: string;
  code: number;
  wallS: number;
}

/**
 * Run `steps` one after another in this process, every one of them whatever the others returned (a
 * failed check must not hide the clips a reviewer needs to see why). `run` is the CLI's `main` for
 * one command line; `process.exitCode` is cleared before each, so one step's code never leaks into the
 * next one's. One process, not one per step: each `eye` start-up loads the TypeScript loader and the
 * packages a step needs (typescript, puppeteer-core…) again, which on a warm run was most of its time.
 */
export async function runSteps(steps: readonly Step[], run: (argv: string[]) => Promise<number>, nowMs: () => number): Promise<StepResult[]> {
  const results: StepResult[] = [];
  for (const step of steps) {
    const t0 = nowMs();
    process.exitCode = undefined;
    const code = await run([...step.argv]);
    results.push({ label: step.label, code, wallS: (nowMs() - t0) / 1000 });
  }
  process.exitCode = undefined;
  return results;
}

/** The first failing step's code, else 0. */
export function firstFailure(results: readonly StepResult[]): number {
  return results.find((r) => r.code !== 0)?.code ?? 0;
}

/** `films 10.1 s, check 3.0 s, …`: each step's wall time, and the code of any that failed. */
export function stepTimes(results: readonly StepResult[]): string {
  return results.map((r) => `${r.label} ${r.wallS.toFixed(1)} s${r.code === 0 ? '' : ` (exit ${r.code})`}`).join(', ');
}
