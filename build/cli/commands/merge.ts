import { resolve } from 'node:path';
import type { Command } from 'commander';
import { writeStdout } from '../../node/io/write-stdout.ts';
import { appendLedger } from '../../node/ledger/ledger.ts';
import { projectRoot } from '../../node/io/project-root.ts';
import { mergeShards } from '../../node/shard/merge-shards.ts';
import { CliError, EXIT } from '../../errors/exit.ts';

/** `eye merge DIR…`: sharded renders' proof folders and ledger lines, joined as one run. */
export function registerMerge(program: Command): void {
  program
    .command('merge')
    .description(
      'Join the proof folders of a sharded render (eye render --shard i/n, one folder per shard) into --out, and their ledger lines into ' +
        'one line of ledger.jsonl. Refuses, writing nothing, shards of different splits or revisions, a shard given twice or missing, a ' +
        'scene in two shards or missing. Exits 1 when a merged scene failed its assertions.',
    )
    .argument('<dirs...>', 'the shards\' proof folders')
    .option('--out <dir>', 'where the joined scene folders go', resolve(projectRoot(), 'proof'))
    .option('--no-ledger', 'do not append the joined line to ledger.jsonl')
    .action((dirs: string[], flags: { out: string; ledger: boolean }) => {
      const { scenes, ledger } = mergeShards(dirs, flags.out);
      if (flags.ledger) appendLedger(ledger);
      const failed = ledger.scenes.filter((s) => !s.pass);
      writeStdout(`merged ${scenes.length} scenes from ${ledger.shards?.length ?? 0} shards into ${resolve(flags.out)}${flags.ledger ? ' (one ledger line)' : ''}\n`);
      if (failed.length) throw new CliError(EXIT.assertionFailed, `${failed.length} merged scene(s) failed: ${failed.map((s) => `${s.scene} (${s.failed.join(', ')})`).join('; ')}`);
    });
}
