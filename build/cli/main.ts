import { Command, CommanderError } from 'commander';
import { SceneError } from '../scene/parse.ts';
import { CliError, EXIT } from '../errors/exit.ts';
import { safeMessage } from '../errors/safe-text.ts';
import { registerCommands } from './commands/index.ts';

/** Build the `eye` program. Each command lives in its own file under commands/. */
export function buildProgram(): Command {
  const program = new Command('eye')
    .description('Render, measure and prove the calm loader eye.')
    .showHelpAfterError()
    .exitOverride();
  registerCommands(program);
  return program;
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

export function reportError(err: unknown): number {
  if (err instanceof CommanderError) {
    // --help and --version exit through here with code 0.
    if (err.exitCode === 0 || err.code === 'commander.helpDisplayed' || err.code === 'commander.version') return EXIT.ok;
    return EXIT.badInput;
  }
  if (err instanceof SceneError) {
    process.stderr.write(`eye: ${safeMessage(err.message)}\n`);
    return EXIT.badInput;
  }
  if (err instanceof CliError) {
    process.stderr.write(`eye: ${safeMessage(err.message)}\n`);
    return err.exitCode;
  }
  const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
  process.stderr.write(`eye: internal error: ${safeMessage(message)}\n`);
  return EXIT.internal;
}
