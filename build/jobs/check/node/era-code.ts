import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { ERA_IDS, type EraId, type Scene } from '../../../scene/scene.ts';
import { ERA_TABLE_MARK, restrictEras } from './restrict-eras.ts';

/** The worker the check's parts run in (check-worker.ts), the entry of every era code bundle. */
export const CHECK_WORKER = 'build/jobs/check/node/check-worker.ts';

/** The code one part of the check runs, and its hash. */
export interface EraCode {
  eras: EraId[];
  /** The worker as one ES module (node built-ins imported, nothing else). */
  code: string;
  /** sha256 of `code` and of the Node version that runs it. */
  hash: string;
}

/** The eras whose table entries a scene can read: its own and its tour's. */
export function erasOf(scene: Pick<Scene, 'era' | 'tour'>): EraId[] {
  return [...new Set([scene.era, ...scene.tour.map((c) => c.era)])].sort();
}

/** An esbuild plugin that loads every module declaring an era table through restrictEras. */
function keepEras(keep: ReadonlySet<EraId>): Plugin {
  return {
    name: 'keep-eras',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, (a) => {
        const source = readFileSync(a.path, 'utf8');
        if (!source.includes(ERA_TABLE_MARK)) return undefined;
        return { contents: restrictEras(source, a.path, keep), loader: 'ts' };
      });
    },
  };
}

const memo = new Map<string, Promise<EraCode>>();

/**
 * The check's worker for a part that plays only `eras`: check-worker.ts and everything it imports
 * (the model, the measurement, the check's own summing up), bundled by esbuild into one module with
 * every era table cut to those eras (restrictEras), comments and whitespace left out.
 *
 * This is what a part of the check is keyed by and what it runs: the worker is started from this very
 * text (check-pool.ts), so a cached part was computed by exactly the code its key hashes. An edit of
 * another era's entry, a comment or code the worker cannot reach leaves the text, and so the key, as
 * it was; an edit that can change what the part computes changes the text. A part that reads an era
 * its key left out cannot be cached under the wrong key: the cut entry is a getter that throws, and
 * the run fails. Memoised per process.
 */
export function eraCode(root: string, eras: readonly EraId[]): Promise<EraCode> {
  const keep = [...new Set(eras)].sort();
  for (const e of keep) if (!(ERA_IDS as readonly string[]).includes(e)) throw new RangeError(`era ${e}: not one of ${ERA_IDS.join(', ')}`);
  const k = `${root}\0${keep.join(',')}`;
  let hit = memo.get(k);
  if (!hit) {
    hit = build({
      entryPoints: [join(root, CHECK_WORKER)],
      absWorkingDir: root,
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      // Packages are bundled too: a worker started from text resolves nothing but Node's built-ins.
      packages: 'bundle',
      minifyWhitespace: true,
      legalComments: 'none',
      logLevel: 'silent',
      outfile: 'era-code.mjs',
      plugins: [keepEras(new Set(keep))],
    }).then((r) => {
      const code = r.outputFiles[0].text;
      return { eras: keep, code, hash: createHash('sha256').update(`${process.version}\0`).update(code).digest('hex') };
    });
    memo.set(k, hit);
  }
  return hit;
}
