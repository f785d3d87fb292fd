import type { LedgerEntry } from '../ledger.ts';
import type { Shard } from './shard-scenes.ts';

/**
 * `<out>/shard-<i>-of-<n>.json`, written last by `eye render --shard i/n`: which scenes this shard
 * was given out of which, and the ledger line the run would have appended (a shard's checkout is
 * usually a CI runner's, thrown away; `eye merge` appends the joined line to the real ledger).
 */
export interface ShardManifest {
  shard: Shard;
  /** Every scene of the unsharded run, sorted: all shards must agree on it. */
  allScenes: string[];
  /** This shard's scenes (shardBins), sorted. */
  scenes: string[];
  /** Per rendered scene, its summary.json frame-hash digest: the folder merged must be the one this run wrote. */
  digests: Record<string, string>;
  ledger: LedgerEntry;
}

export function shardManifestName(s: Shard): string {
  return `shard-${s.index}-of-${s.count}.json`;
}

export const SHARD_MANIFEST_RE = /^shard-(\d+)-of-(\d+)\.json$/;
