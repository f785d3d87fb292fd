import type { Command } from 'commander';
import { registerCheck } from './check.ts';
import { registerLedger } from './ledger.ts';
import { registerMeasure } from './measure.ts';
import { registerBench } from './bench.ts';
import { registerRender } from './render.ts';
import { registerLook } from './look.ts';
import { registerPicture } from './picture.ts';
import { registerSchema } from './schema.ts';
import { registerCache } from './cache.ts';
import { registerMerge } from './merge.ts';
import { registerCompare } from './compare.ts';
import { registerClips } from './clips.ts';
import { registerReport } from './report.ts';
import { registerExportArkit } from './export-arkit.ts';
import { registerApprove } from './approve.ts';
import { registerDiff } from './diff.ts';
import { registerAll } from './all.ts';

/** Every command the CLI has. Each file registers one. */
export function registerCommands(program: Command): void {
  // Commands are added here as they land.
  registerRender(program);
  registerBench(program);
  registerCheck(program);
  registerMeasure(program);
  registerLedger(program);
  registerLook(program);
  registerPicture(program);
  registerSchema(program);
  registerCache(program);
  registerMerge(program);
  registerCompare(program);
  registerClips(program);
  registerReport(program);
  registerExportArkit(program);
  registerApprove(program);
  registerDiff(program);
  registerAll(program);
}
