import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LedgerEntry } from '../jobs/ledger/node/ledger.ts';
import { hashTree } from '../node/io/tree-hashes.ts';
import { shardManifestName, type ShardManifest } from '../jobs/shard/node/shard-manifest.ts';
import { TINY_FILM, tinyFilm } from './tiny-film.ts';

export interface ShardFixture {
  revision?: string;
  all?: string[];
  skipFolder?: string;
  seed?: number;
  browser?: string;
  /** Change a scene's folder after its hashes were recorded (a shard damaged in transit). */
  after?: (scene: string, folder: string) => void;
  /** Change the manifest before it is written (a hostile one). */
  manifest?: (m: ShardManifest) => void;
}

/** A shard's proof folder as `eye render --shard i/n` leaves it: per scene a real tiny film, its JSON files and stills, and the manifest with their hashes. */
export function craftShard(root: string, index: number, count: number, scenes: string[], all: string[], o: ShardFixture = {}): string {
  const dir = join(root, `shard-${index}`);
  mkdirSync(dir, { recursive: true });
  const digests: Record<string, string> = {};
  const files: ShardManifest['files'] = {};
  for (const s of scenes) {
    digests[s] = `digest-${s}`;
    if (o.skipFolder === s) continue;
    const folder = join(dir, s);
    mkdirSync(join(folder, 'stills'), { recursive: true });
    writeFileSync(join(folder, 'summary.json'), JSON.stringify({ scene: s, ...TINY_FILM, frameHashes: { digest: `digest-${s}` } }));
    tinyFilm(join(folder, 'film.mp4'));
    writeFileSync(join(folder, 'trace.json'), JSON.stringify({ scene: s, columns: {} }));
    writeFileSync(join(folder, 'assertions.json'), JSON.stringify({ assertions: [] }));
    writeFileSync(join(folder, 'stills', 'sheet.png'), 'png');
    files[s] = hashTree(folder);
    o.after?.(s, folder);
  }
  const ledger: LedgerEntry = {
    time: `2026-11-30T00:00:0${index}.000Z`,
    revision: o.revision ?? 'abc123',
    dirty: false,
    command: 'render',
    argv: ['--duration', '2', '--shard', `${index}/${count}`, '--out', dir],
    scenes: scenes.map((s) => ({ scene: s, pass: true, metrics: { frames: 60 }, failed: [], ...(s === 'tour' ? { cached: true } : {}) })),
    pass: true,
    wallMs: 1000 * index,
  };
  const m: ShardManifest = {
    shard: { index, count },
    allScenes: o.all ?? all,
    scenes,
    digests,
    files,
    settings: { durationS: 2, seed: o.seed, capture: 'auto', format: 'jpeg' },
    code: { renderer: 'r', node: 'n', browser: o.browser ?? 'Chromium 156.0.8078.114', encoder: 'ffmpeg version 5.1.9' },
    ledger,
  };
  o.manifest?.(m);
  writeFileSync(join(dir, shardManifestName({ index, count })), JSON.stringify(m));
  return dir;
}
