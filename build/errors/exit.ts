/** Exit codes, one meaning each: 0 all held, 1 an assertion failed, 2 bad input or usage, 3 environment. */
export const EXIT = {
  ok: 0,
  assertionFailed: 1,
  badInput: 2,
  environment: 3,
  /** A crash inside the pipeline itself (a page that throws, ffmpeg failing, …). */
  internal: 4,
  /** Interrupted by Ctrl-C (128 + SIGINT). */
  interrupted: 130,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** An error the CLI prints as one line and exits with its code. */
export class CliError extends Error {
  constructor(
    readonly exitCode: ExitCode,
    message: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
