import type { Command } from 'commander';
import { declareOptions, parseOptions, type OptionSpec } from '../option-spec.ts';
import { writeStdout } from '../../node/io/write-stdout.ts';
import { runLedger } from '../../jobs/ledger/node/run-ledger.ts';
import { LEDGER_FILE } from '../../jobs/ledger/node/ledger.ts';

/** `eye ledger`'s options, each declared once (flag, doc, default, validator). */
export const LEDGER_OPTIONS = {
  json: { flags: '--json', doc: 'print JSON', default: false },
  file: { flags: '--file <path>', doc: 'read another ledger file', default: LEDGER_FILE, defaultText: 'ledger.jsonl', parse: (t: string) => t },
} satisfies Record<string, OptionSpec<unknown>>;

/** `eye ledger [a [b]]`: the flags, parsed; the text is runLedger's (build/jobs/ledger/node/run-ledger.ts). */
export function registerLedger(program: Command): void {
  const cmd = program
    .command('ledger')
    .description(
      'The history of check and render runs (ledger.jsonl). No argument: list the runs. One run: its scenes, metrics and failures. ' +
        'Two runs: what changed between them. Runs are numbered as listed; negative numbers count back from the last (-1).',
    )
    .argument('[runs...]', 'zero, one or two run numbers');
  declareOptions(cmd, LEDGER_OPTIONS).action((runs: string[], raw: Record<string, unknown>) => {
    writeStdout(`${runLedger(runs, parseOptions(LEDGER_OPTIONS, raw))}\n`);
  });
}
