import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CliError, EXIT } from '../../errors/exit.ts';
import type { LedgerEntry, LedgerInput } from '../ledger/ledger.ts';
import { publishDir } from '../io/publish-dir.ts';
import { SHARD_MANIFEST_RE, type ShardManifest } from './shard-manifest.ts';
import { ensureOutDir } from '../io/ensure-out-dir.ts';

const bad = (message: string) => new CliError(EXIT.badInput, `merge: ${message}`);

interface Found {
  dir: string;
  manifest: ShardManifest;
}

function readManifests(dir: string): Found[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw bad(`${dir} is not a folder`);
  const files = readdirSync(dir).filter((f) => SHARD_MANIFEST_RE.test(f)).sort();
  if (files.length === 0) throw bad(`${dir} holds no shard-<i>-of-<n>.json (was it written by eye render --shard i/n?)`);
  return files.map((f) => {
    try {
      return { dir, manifest: JSON.parse(readFileSync(join(dir, f), 'utf8')) as ShardManifest };
    } catch (err) {
      throw bad(`${join(dir, f)}: not a shard manifest (${(err as Error).message})`);
    }
  });
}

function summaryDigest(folder: string): string | null {
  try {
    return (JSON.parse(readFileSync(join(folder, 'summary.json'), 'utf8')) as { frameHashes?: { digest?: string } }).frameHashes?.digest ?? null;
  } catch {
    return null;
  }
}

/** The checks, before anything is written: one count, one scene list, one revision, each shard once, each scene once and whole. */
function plan(found: Found[]): { scenes: { name: string; from: string }[]; manifests: ShardManifest[] } {
  const first = found[0].manifest;
  const count = first.shard.count;
  const all = JSON.stringify(first.allScenes);
  const byIndex = new Map<number, Found>();
  const owner = new Map<string, Found>();
  for (const f of found) {
    const m = f.manifest;
    const label = `shard ${m.shard.index}/${m.shard.count} (${f.dir})`;
    if (m.shard.count !== count) throw bad(`${label} is one of ${m.shard.count} shards, but shard ${first.shard.index}/${count} (${found[0].dir}) is one of ${count}`);
    if (JSON.stringify(m.allScenes) !== all) throw bad(`${label} was split from another scene list than shard ${first.shard.index}/${count} (${found[0].dir})`);
    if (m.ledger.revision !== first.ledger.revision) {
      throw bad(`${label} rendered revision ${m.ledger.revision.slice(0, 10)}, shard ${first.shard.index}/${count} rendered ${first.ledger.revision.slice(0, 10)}: shards must come from one revision`);
    }
    // The joined run must equal one run: the same settings, and the same code, browser and encoder.
    for (const [what, mine, theirs] of [['settings', m.settings, first.settings], ['code', m.code, first.code]] as const) {
      if (JSON.stringify(mine) !== JSON.stringify(theirs)) {
        throw bad(`${label} was rendered with other ${what} than shard ${first.shard.index}/${count} (${found[0].dir}): ${JSON.stringify(mine)} vs ${JSON.stringify(theirs)}`);
      }
    }
    const twice = byIndex.get(m.shard.index);
    if (twice) throw bad(`shard ${m.shard.index}/${count} appears twice: in ${twice.dir} and in ${f.dir}`);
    byIndex.set(m.shard.index, f);
    for (const s of m.scenes) {
      const other = owner.get(s);
      if (other) throw bad(`scene ${s} is in two shards: ${other.manifest.shard.index}/${count} (${other.dir}) and ${m.shard.index}/${count} (${f.dir})`);
      owner.set(s, f);
    }
  }
  const missingShards = Array.from({ length: count }, (_, k) => k + 1).filter((i) => !byIndex.has(i));
  if (missingShards.length) throw bad(`missing shard(s) ${missingShards.map((i) => `${i}/${count}`).join(', ')} (given: ${[...byIndex.keys()].sort((a, b) => a - b).map((i) => `${i}/${count}`).join(', ')})`);
  const unowned = first.allScenes.filter((s) => !owner.has(s));
  if (unowned.length) throw bad(`no shard holds scene(s) ${unowned.join(', ')}`);
  const scenes = first.allScenes.map((name) => {
    const f = owner.get(name)!;
    const folder = join(f.dir, name);
    const want = f.manifest.digests[name];
    if (!want) throw bad(`scene ${name}: shard ${f.manifest.shard.index}/${count} did not render it (${f.dir}: see its ledger line's failures)`);
    const got = summaryDigest(folder);
    if (got === null) throw bad(`scene ${name}: missing from ${f.dir} (no ${name}/summary.json)`);
    if (got !== want) throw bad(`scene ${name} in ${f.dir} is not the folder shard ${f.manifest.shard.index}/${count} rendered (frame digest ${got.slice(0, 12)}, manifest ${want.slice(0, 12)})`);
    return { name, from: f.dir };
  });
  return { scenes, manifests: [...byIndex.values()].map((f) => f.manifest).sort((a, b) => a.shard.index - b.shard.index) };
}

/**
 * `eye merge DIR…`: join sharded renders' proof folders into `outDir` (each scene staged and renamed,
 * as a render publishes it) and their ledger lines into one line equal to what one unsharded run
 * would have written: the same scenes, the shards' argv and wall times kept under `shards`, the run's
 * wall time the slowest shard's (the matrix's). Refuses, before writing anything, shards of different
 * splits or revisions, a shard given twice or missing, a scene in two shards, a scene missing.
 */
export function mergeShards(dirs: string[], outDir: string): { scenes: { name: string; from: string }[]; ledger: LedgerInput & Pick<LedgerEntry, 'revision' | 'dirty'> } {
  if (dirs.length === 0) throw bad('name the shards\' proof folders (eye merge shard-1/proof shard-2/proof …)');
  const found = dirs.map((d) => resolve(d)).flatMap(readManifests);
  const { scenes, manifests } = plan(found);
  const out = resolve(outDir);
  ensureOutDir(out);
  for (const s of scenes) {
    const from = join(s.from, s.name);
    const to = join(out, s.name);
    if (resolve(from) === to) continue; // --out is this shard's own folder: already in place
    const stage = mkdtempSync(join(out, `.${s.name}.merge-`));
    try {
      cpSync(from, stage, { recursive: true });
      publishDir(stage, to);
    } catch (err) {
      rmSync(stage, { recursive: true, force: true });
      throw err;
    }
  }
  const lines = manifests.map((m) => m.ledger);
  const order = new Map(scenes.map((s, i) => [s.name, i]));
  return {
    scenes,
    ledger: {
      command: 'render',
      // The unsharded command: the first shard's, without its --shard.
      argv: stripShard(lines[0].argv),
      revision: lines[0].revision,
      dirty: lines.some((l) => l.dirty),
      scenes: lines.flatMap((l) => l.scenes).sort((a, b) => (order.get(a.scene) ?? 0) - (order.get(b.scene) ?? 0)),
      wallMs: Math.max(...lines.map((l) => l.wallMs)),
      shards: manifests.map((m) => ({ shard: `${m.shard.index}/${m.shard.count}`, revision: m.ledger.revision, time: m.ledger.time, wallMs: m.ledger.wallMs, argv: m.ledger.argv })),
    },
  };
}

function stripShard(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    // Each shard wrote to its own folder; the merged run's folder is merge's --out.
    if (argv[i] === '--shard' || argv[i] === '--out') i++;
    else if (!/^--(shard|out)=/.test(argv[i])) out.push(argv[i]);
  }
  return out;
}
