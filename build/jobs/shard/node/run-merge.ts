import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import { CliError, EXIT } from '../../../errors/exit.ts';
import { safeText } from '../../../errors/safe-text.ts';
import type { LedgerEntry, LedgerInput } from '../../ledger/node/ledger.ts';
import { SHARD_MANIFEST_RE, type ShardManifest } from './shard-manifest.ts';
import { ensureOutDir } from '../../../node/io/ensure-out-dir.ts';
import { assertReplaceableFolder, sceneFolderIn, sceneName } from '../../../node/io/contain.ts';
import { isTreeHashes, treeProblem } from '../../../node/io/tree-hashes.ts';
import { onInterrupt } from '../../../node/io/interrupt.ts';
import { OUT_TEMP, ownedPrefix, sweepOwned } from '../../../node/io/owned-temp.ts';
import { probeFilm } from '../../../node/ffmpeg/probe-film.ts';
import { filmVerdict } from '../../../node/ffmpeg/film-verdict.ts';

const bad = (message: string) => new CliError(EXIT.badInput, `merge: ${message}`);

const LEGACY_MERGE_TEMP = /^\.[A-Za-z0-9][A-Za-z0-9._-]*\.merge-[A-Za-z0-9]{6}$/;

interface Found {
  dir: string;
  manifest: ShardManifest;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 10_000;

/**
 * A manifest is another machine's file (a CI artifact): every field is checked for its shape, and every
 * scene name in it (its lists, its digests and hashes, its ledger line) passes the scene-name rule
 * before any of them becomes a path.
 */
function checkManifest(raw: unknown, file: string, fileShard: { index: number; count: number }): ShardManifest {
  const no = (what: string) => bad(`${safeText(file)}: not a shard manifest (${what})`);
  if (!isRecord(raw)) throw no('not a JSON object');
  const { shard, allScenes, scenes, digests, files, settings, code, ledger } = raw;
  if (!isRecord(shard) || !isCount(shard.index) || !isCount(shard.count) || shard.index > shard.count) throw no('shard: expected {index, count}, 1 ≤ index ≤ count');
  if (shard.index !== fileShard.index || shard.count !== fileShard.count) throw no(`it says shard ${shard.index}/${shard.count}, its name says ${fileShard.index}/${fileShard.count}`);
  const names = (v: unknown, field: string): string[] => {
    if (!Array.isArray(v)) throw no(`${field}: expected a list of scene names`);
    return v.map((n) => sceneName(n, `merge: ${safeText(file)}: ${field}`));
  };
  const all = names(allScenes, 'allScenes');
  const mine = names(scenes, 'scenes');
  if (mine.some((n) => !all.includes(n))) throw no('scenes: a scene not in allScenes');
  if (!isRecord(digests) || Object.entries(digests).some(([k, v]) => !mine.includes(sceneName(k, `merge: ${safeText(file)}: digests`)) || typeof v !== 'string')) throw no('digests: expected one string per scene of its own');
  if (!isRecord(files)) throw no('no files: made by an older eye render --shard, which recorded no file hashes; render the shards again');
  for (const [k, v] of Object.entries(files)) {
    if (!Object.hasOwn(digests, sceneName(k, `merge: ${safeText(file)}: files`)) || !isTreeHashes(v)) throw no(`files.${safeText(k)}: expected the sha256 of each file of a scene it rendered`);
  }
  if (!isRecord(settings) || !isRecord(code)) throw no('settings and code: expected objects');
  if (!isRecord(ledger) || typeof ledger.revision !== 'string' || typeof ledger.time !== 'string' || typeof ledger.dirty !== 'boolean' || !Array.isArray(ledger.argv) || ledger.argv.some((a) => typeof a !== 'string') || !Number.isFinite(ledger.wallMs) || !Array.isArray(ledger.scenes)) {
    throw no('ledger: expected the shard run\'s ledger line');
  }
  for (const l of ledger.scenes as unknown[]) {
    if (!isRecord(l) || !mine.includes(sceneName(l.scene, `merge: ${safeText(file)}: ledger.scenes`)) || typeof l.pass !== 'boolean') throw no('ledger.scenes: expected one result per scene of its own');
  }
  return raw as unknown as ShardManifest;
}

function readManifests(dir: string): Found[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw bad(`${safeText(dir)} is not a folder`);
  const files = readdirSync(dir).filter((f) => SHARD_MANIFEST_RE.test(f)).sort();
  if (files.length === 0) throw bad(`${safeText(dir)} holds no shard-<i>-of-<n>.json (was it written by eye render --shard i/n?)`);
  return files.map((f) => {
    const path = join(dir, f);
    let raw: unknown;
    try {
      if (!lstatSync(path).isFile()) throw new Error('not a regular file');
      raw = JSON.parse(readFileSync(path, 'utf8'));
    } catch (err) {
      throw bad(`${safeText(path)}: not a shard manifest (${safeText((err as Error).message.split('\n')[0])})`);
    }
    const m = SHARD_MANIFEST_RE.exec(f)!;
    return { dir, manifest: checkManifest(raw, path, { index: Number(m[1]), count: Number(m[2]) }) };
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
    const folder = sceneFolderIn(f.dir, name, `merge: ${safeText(f.dir)}`);
    const want = Object.hasOwn(f.manifest.digests, name) ? f.manifest.digests[name] : undefined;
    if (!want) throw bad(`scene ${name}: shard ${f.manifest.shard.index}/${count} did not render it (${f.dir}: see its ledger line's failures)`);
    const st = existsSync(folder) ? lstatSync(folder) : null;
    if (st && !st.isDirectory()) throw bad(`scene ${name} in ${safeText(f.dir)} is ${st.isSymbolicLink() ? 'a symlink' : 'not a folder'}: a shard's scene is a folder of its own files`);
    const got = summaryDigest(folder);
    if (got === null) throw bad(`scene ${name}: missing from ${f.dir} (no ${name}/summary.json)`);
    if (got !== want) throw bad(`scene ${name} in ${f.dir} is not the folder shard ${f.manifest.shard.index}/${count} rendered (frame digest ${safeText(got.slice(0, 12))}, manifest ${safeText(want.slice(0, 12))})`);
    if (!Object.hasOwn(f.manifest.files, name)) throw bad(`scene ${name}: shard ${f.manifest.shard.index}/${count}'s manifest records no file hashes for it (${safeText(f.dir)})`);

    return { name, from: f.dir };
  });
  return { scenes, manifests: [...byIndex.values()].map((f) => f.manifest).sort((a, b) => a.shard.index - b.shard.index) };
}

/**
 * Check a staged scene folder as a restore checks a cache entry: every file its shard recorded, with its
 * sha256, nothing else, no symlink, JSON that parses; then its film by ffprobe, as the render checked
 * it: H.264 at the summary's size and rate, the summary's frame count. The problem, or null.
 */
async function stagedProblem(folder: string, hashes: ShardManifest['files'][string], ffprobe: string): Promise<string | null> {
  const it = treeProblem(folder, hashes);
  for (let r = it.next(); ; r = it.next()) {
    if (r.done) {
      if (r.value) return r.value;
      break;
    }
    await new Promise((next) => setImmediate(next)); // a Ctrl-C runs between files
  }
  const s = JSON.parse(readFileSync(join(folder, 'summary.json'), 'utf8')) as Record<string, unknown>;
  const want = { width: s.width, height: s.height, fps: s.fps, frames: s.frames };
  if (!Object.values(want).every((v) => isCount(v))) return 'its summary.json gives no width, height, fps and frames';
  if (!existsSync(join(folder, 'film.mp4'))) return 'no film.mp4';
  let verdict;
  try {
    verdict = filmVerdict(await probeFilm(ffprobe, join(folder, 'film.mp4')), want as { width: number; height: number; fps: number; frames: number });
  } catch {
    return 'film.mp4 does not read as a film (ffprobe)';
  }
  if (!verdict.ok) return `film.mp4 is not the film its summary describes: ${verdict.checks.filter((c) => !c.pass).map((c) => `${c.name} ${c.got} (expected ${c.expected})`).join(', ')}`;
  return null;
}

/**
 * `eye merge DIR…`: join sharded renders' proof folders into `outDir` and their ledger lines into one
 * line equal to what one unsharded run would have written: the same scenes, the shards' argv and wall
 * times kept under `shards`, the run's wall time the slowest shard's (the matrix's). Refuses, before
 * writing anything, shards of different splits or revisions, a shard given twice or missing, a scene
 * in two shards, a scene missing, and a manifest naming anything but plain scene names. Every scene is
 * copied into one staging folder under `outDir` (`.merge.tmp-<pid>-…`, swept by the next run once its
 * owner is gone) and verified there (verifyStaged); only when all are whole are they renamed into
 * place, together, or none is.
 */
export async function runMerge(dirs: string[], outDir: string, o: { ffprobe: string }): Promise<{ scenes: { name: string; from: string }[]; ledger: LedgerInput & Pick<LedgerEntry, 'revision' | 'dirty'> }> {
  if (dirs.length === 0) throw bad('name the shards\' proof folders (eye merge shard-1/proof shard-2/proof …)');
  const found = dirs.map((d) => resolve(d)).flatMap(readManifests);
  const { scenes, manifests } = plan(found);
  const out = resolve(outDir);
  const outExisted = existsSync(out);
  ensureOutDir(out);
  // Staging left by merges (and renders) that were killed: removed once their owner is gone.
  sweepOwned(out, OUT_TEMP);
  // And those of merges from before the staging carried a pid (`.<scene>.merge-XXXXXX`, mkdtemp's six
  // characters): only such an older eye merge made them, and none can still be running against this --out.
  for (const name of readdirSync(out)) if (LEGACY_MERGE_TEMP.test(name)) rmSync(join(out, name), { recursive: true, force: true });
  const stage = mkdtempSync(join(out, ownedPrefix('.merge.tmp-')));
  const unregister = onInterrupt(() => rmSync(stage, { recursive: true, force: true }));
  const byScene = new Map(found.flatMap((f) => f.manifest.scenes.map((s) => [s, f.manifest] as const)));
  try {
    const placed: { staged: string; target: string }[] = [];
    for (const s of scenes) {
      const from = sceneFolderIn(s.from, s.name, `merge: ${safeText(s.from)}`);
      const target = sceneFolderIn(out, s.name, 'merge: --out');
      const inPlace = from === target; // --out is this shard's own folder: checked where it is
      const staged = inPlace ? from : join(stage, s.name);
      if (!inPlace) {
        await cp(from, staged, {
          recursive: true,
          preserveTimestamps: true,
          // Never follow or copy a link or a device out of a shard: refused, naming it.
          filter: (src) => {
            const st = lstatSync(src);
            if (st.isFile() || st.isDirectory()) return true;
            throw bad(`scene ${s.name} in ${safeText(s.from)}: ${safeText(relative(from, src))} is a symlink or a device, not a regular file`);
          },
        });
      }
      const problem = await stagedProblem(staged, byScene.get(s.name)!.files[s.name], o.ffprobe);
      if (problem) throw bad(`scene ${s.name} in ${safeText(s.from)} is not the folder its shard rendered: ${safeText(problem)}`);
      if (!inPlace) placed.push({ staged, target });
    }
    publishAll(out, placed);
  } catch (err) {
    // Refused or failed: nothing is left, not even an --out this run made.
    rmSync(stage, { recursive: true, force: true });
    if (!outExisted) {
      try {
        rmdirSync(out); // only if empty: another writer's files stay
      } catch {
        // not empty, or already gone
      }
    }
    throw err;
  } finally {
    unregister();
    rmSync(stage, { recursive: true, force: true });
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

/**
 * Every staged scene into place at once, by renames only (no copying, so nothing here waits on the
 * disk or lets a Ctrl-C in): the old folders moved aside first, then the new ones in; a failure puts
 * back what was there. Each target is a real folder or nothing (assertReplaceableFolder).
 */
function publishAll(out: string, placed: { staged: string; target: string }[]): void {
  for (const p of placed) assertReplaceableFolder(p.target);
  const aside: { target: string; old: string }[] = [];
  const moved: { staged: string; target: string }[] = [];
  try {
    for (const p of placed) {
      if (!existsSync(p.target)) continue;
      const old = join(out, `.${basename(p.target)}.old-${process.pid}`);
      renameSync(p.target, old);
      aside.push({ target: p.target, old });
    }
    for (const p of placed) {
      renameSync(p.staged, p.target);
      moved.push(p);
    }
  } catch (err) {
    for (const m of moved.reverse()) renameSync(m.target, m.staged);
    for (const a of aside.reverse()) renameSync(a.old, a.target);
    throw err;
  }
  for (const a of aside) rmSync(a.old, { recursive: true, force: true });
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
