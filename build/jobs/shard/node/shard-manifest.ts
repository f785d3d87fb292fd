import type { FilmCode } from '../../cache/node/film-key.ts';
import type { LedgerEntry } from '../../ledger/node/ledger.ts';
import type { Shard } from '../core/shard-scenes.ts';
import type { TreeHashes } from '../../../node/io/tree-hashes.ts';

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
  /** Per rendered scene, the sha256 of every file in its folder: eye merge verifies each folder as a cache restore does. */
  files: Record<string, TreeHashes>;
  /** The render's settings (fps, duration, size, seed, capture, format, pixel path, spread held): equal across shards. */
  settings: Record<string, unknown>;
  /** The page bundle, the Node-side code, the browser and ffmpeg versions: equal across shards, or the joined run is not one run. */
  code: FilmCode;
  ledger: LedgerEntry;
}

export function shardManifestName(s: Shard): string {
  return `shard-${s.index}-of-${s.count}.json`;
}

export const SHARD_MANIFEST_RE = /^shard-(\d+)-of-(\d+)\.json$/;
