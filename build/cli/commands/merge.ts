import { resolve } from 'node:path';
import type { Command } from 'commander';
import { writeStdout } from '../../node/io/write-stdout.ts';
import { appendLedger } from '../../jobs/ledger/node/ledger.ts';
import { projectRoot } from '../../node/io/project-root.ts';
import { runMerge } from '../../jobs/shard/node/run-merge.ts';
import { handleInterrupts } from '../../node/io/interrupt.ts';
import { findFfmpeg } from '../../node/ffmpeg/find-ffmpeg.ts';
import { CliError, EXIT } from '../../errors/exit.ts';
import { declareOptions, parseOptions, type OptionSpec } from '../option-spec.ts';

/** `eye merge DIR…`: sharded renders' proof folders and ledger lines, joined as one run. */
/** `eye merge`'s options, each declared once (flag, doc, default, validator). */
export const MERGE_OPTIONS = {
  out: { flags: '--out <dir>', doc: 'where the joined scene folders go', default: resolve(projectRoot(), 'proof'), defaultText: 'proof/', parse: (t: string) => resolve(t) },
  ledger: { flags: '--no-ledger', doc: 'do not append the joined line to ledger.jsonl', default: true },
} satisfies Record<string, OptionSpec<unknown>>;

export function registerMerge(program: Command): void {
  const cmd = program
    .command('merge')
    .description(
      'Join the proof folders of a sharded render (eye render --shard i/n, one folder per shard) into --out, and their ledger lines into ' +
        'one line of ledger.jsonl. Refuses, writing nothing, shards of different splits or revisions, a shard given twice or missing, a ' +
        'scene in two shards or missing. Exits 1 when a merged scene failed its assertions.',
    )
    .argument('<dirs...>', 'the shards\' proof folders');
  declareOptions(cmd, MERGE_OPTIONS).action(async (dirs: string[], raw: Record<string, unknown>) => {
      const flags = parseOptions(MERGE_OPTIONS, raw);
      // Ctrl-C as in a render: the staging folder removed, one line, exit 130.
      handleInterrupts();
      const { scenes, ledger } = await runMerge(dirs, flags.out, { ffprobe: findFfmpeg().ffprobe });
      if (flags.ledger) appendLedger(ledger);
      const failed = ledger.scenes.filter((s) => !s.pass);
      writeStdout(`merged ${scenes.length} scenes from ${ledger.shards?.length ?? 0} shards into ${resolve(flags.out)}${flags.ledger ? ' (one ledger line)' : ''}\n`);
      if (failed.length) throw new CliError(EXIT.assertionFailed, `${failed.length} merged scene(s) failed: ${failed.map((s) => `${s.scene} (${s.failed.join(', ')})`).join('; ')}`);
    });
}
