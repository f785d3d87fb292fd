import { join, resolve } from 'node:path';
import { reviewClips, scriptEras, shardClips } from '../core/review-clips.ts';
import { CliError, EXIT } from '../../../errors/exit.ts';
import { safeMessage } from '../../../errors/safe-text.ts';
import { listScenes } from '../../../node/io/load-scene.ts';
import { prerenderPanels, type ClipRequest } from './prerender-panels.ts';
import { runCompare } from './run-compare.ts';

export interface ClipsOptions {
  /** Only these eras (four digits each); empty: every era with a script scene. */
  eras: string[];
  /** The clips' folder. */
  outDir: string;
  /** Every panel's render size. */
  size: { width: number; height: number };
  /** Every panel's length (undefined: each scene's own), as given: withSettings validates it as a scene file's. */
  durationS?: number | string;
  /** The eras' tile: each panel scaled to this. */
  tileSize: { width: number; height: number };
  /** Only this shard's clips (shardClips: balanced by panels); absent: every clip. */
  shard?: { index: number; count: number };
  /** Folders of the shards' clips, taken where they are the clips this run would make (adoptedClip). */
  from: string[];
  jobs: number;
  cache: boolean;
  cacheDir: string;
  force: boolean;
}

/**
 * `eye clips`: the review clips (reviewClips: per era none / generic / tuned, then the eras tiled), each
 * made by `eye compare` in this one process, so the code, browser and encoder are fingerprinted once and
 * a clip whose panels and code are unchanged is kept without rendering or restoring anything. Every
 * clip is attempted; the first failure's exit code (in clip order) is the run's.
 */
export async function runClips(o: ClipsOptions, argv: string[]): Promise<number> {
  const names = listScenes();
  const known = scriptEras(names);
  const unknown = o.eras.filter((e) => !known.includes(e));
  if (unknown.length) throw new CliError(EXIT.badInput, `no script scene for era ${unknown.join(', ')} (eras with one: ${known.join(', ') || 'none'})`);
  const all = reviewClips(names, o.eras);
  if (all.length === 0) throw new CliError(EXIT.badInput, 'no <era>-script scene under scenes/: nothing to compare');
  const clips = o.shard ? shardClips(all, o.shard) : all;
  if (o.shard) process.stderr.write(`clips: shard ${o.shard.index}/${o.shard.count}: ${clips.map((c) => c.file).join(', ') || 'no clip'}\n`);
  const requests: ClipRequest[] = clips.map((c) => ({
    scenes: c.scenes,
    options: {
      settings: { width: o.size.width, height: o.size.height, durationS: o.durationS },
      panelSize: c.tiled ? o.tileSize : undefined,
      out: resolve(join(o.outDir, c.file)),
      presets: c.presets,
      from: o.from,
      jobs: o.jobs,
      cache: o.cache,
      cacheDir: o.cacheDir,
      force: o.force,
      json: false,
    },
  }));
  // Every panel still to render, in one batch that shares browsers and keeps the jobs busy.
  await prerenderPanels(requests, argv);
  // Then the clips, as many at a time as there are jobs: each restores its panels and composes them
  // (one ffmpeg thread, as a film's encode), so one at a time left the other cores idle.
  const codes: number[] = new Array(clips.length).fill(EXIT.ok);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < clips.length; i = next++) {
      try {
        codes[i] = await runCompare(requests[i].scenes, requests[i].options, argv);
      } catch (err) {
        // One clip's failure is said and the rest are still made.
        codes[i] = err instanceof CliError ? err.exitCode : EXIT.internal;
        const message = err instanceof Error ? (err instanceof CliError ? err.message : (err.stack ?? err.message)) : String(err);
        process.stderr.write(`eye: clips: ${clips[i].file}: ${safeMessage(message)}\n`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(o.jobs, clips.length)) }, worker));
  // The first failure in clip order is the run's, however the clips interleaved.
  return codes.find((c) => c !== EXIT.ok) ?? EXIT.ok;
}
