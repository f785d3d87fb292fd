import { Command, CommanderError } from 'commander';
import { SceneError } from '../scene/parse.ts';
import { CliError, EXIT } from '../errors/exit.ts';
import { ENVIRONMENT_CODES } from '../errors/environment-error.ts';
import { safeText } from '../errors/safe-text.ts';
import { registerCommands } from './commands/index.ts';

/** Build the `eye` program. Each command lives in its own file under commands/. */
export function buildProgram(): Command {
  const program = new Command('eye').description('Render, measure and prove the calm loader eye.').exitOverride();
  registerCommands(program);
  oneLineUsageErrors(program, 'eye');
  return program;
}

/**
 * A usage error (an unknown option, a missing argument) is one line naming what was wrong, escaped (the
 * text is the user's), with a pointer to the command's --help: not the whole help after it.
 */
function oneLineUsageErrors(cmd: Command, path: string): void {
  cmd.configureOutput({
    outputError: (str, write) => write(`eye: ${safeText(str.trim().replace(/^error: /, ''))} (see ${path} --help)\n`),
  });
  for (const sub of cmd.commands) oneLineUsageErrors(sub, `${path} ${sub.name()}`);
}

/** Run the CLI; resolves to the exit code. Errors become one line on stderr and a distinct code. */
export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (err) {
    return reportError(err);
  }
}

/**
 * Every error ends as one line (control characters and newlines escaped: a message quotes text from
 * files and arguments) and its exit code. A file-system failure the machine caused that no caller
 * named (a full disk under a copy) is still exit 3 naming its path; anything else is an internal error
 * (exit 4), its first stack frame on the line, the whole stack only with EYE_DEBUG=1.
 */
export function reportError(err: unknown): number {
  if (err instanceof CommanderError) {
    // --help and --version exit through here with code 0; a usage error was printed by outputError.
    if (err.exitCode === 0 || err.code === 'commander.helpDisplayed' || err.code === 'commander.version') return EXIT.ok;
    return EXIT.badInput;
  }
  if (err instanceof SceneError) return say(err.message, EXIT.badInput);
  if (err instanceof CliError) return say(err.message, err.exitCode);
  const e = err as (NodeJS.ErrnoException & { dest?: string }) | undefined;
  if (e?.code && e.code in ENVIRONMENT_CODES) {
    const path = e.dest ?? e.path;
    return say(`cannot ${e.syscall ?? 'use'}${path ? ` ${path}` : ''}: ${ENVIRONMENT_CODES[e.code]} (${e.code})`, EXIT.environment);
  }
  const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  const at = err instanceof Error ? err.stack?.split('\n').find((l) => /^\s+at /.test(l))?.trim() : undefined;
  say(`internal error: ${message}${at ? ` (${at})` : ''}`, EXIT.internal);
  if (process.env.EYE_DEBUG && err instanceof Error && err.stack) process.stderr.write(`${err.stack}\n`);
  return EXIT.internal;
}

function say(message: string, code: number): number {
  process.stderr.write(`eye: ${safeText(message)}\n`);
  return code;
}
