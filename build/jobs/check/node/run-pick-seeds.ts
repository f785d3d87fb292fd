import { CliError, EXIT } from '../../../errors/exit.ts';
import { writeStdout } from '../../../node/io/write-stdout.ts';
import { listScenes, loadScene } from '../../../node/io/load-scene.ts';
import { eraSpread } from './era-spread.ts';
import { openCache } from '../../cache/node/store.ts';
import { pickSeed, PICK_TRIES } from './check-pick-seed.ts';

/** `eye check --pick-seeds`: a line per scene; exit 1 when a scene's own seed is not a comfortable pick. */
export async function runPickSeeds(args: string[], opts: { jobs: number; cache: boolean; cacheDir: string }): Promise<void> {
  const jobs = opts.jobs;
  // The spreads come from the cache store the check uses (--cache-dir; none with --no-cache).
  const store = opts.cache ? openCache(opts.cacheDir) : null;
  const scenes = (args.length > 0 ? args : listScenes()).map(loadScene);
  const moved: string[] = [];
  for (const scene of scenes) {
    const pick = pickSeed(scene, await eraSpread(scene, { store, jobs }));
    if (!pick) {
      moved.push(scene.name);
      writeStdout(`${scene.name}: no seed of ${PICK_TRIES} tried gives a film inside its spread\n`);
    } else if (pick.keep) {
      writeStdout(`${scene.name}: seed ${pick.seed} ok\n`);
    } else {
      moved.push(scene.name);
      writeStdout(`${scene.name}: seed ${scene.seed} is not (${pick.rejected[0].replace(/^seed \d+: /, '')}); seed ${pick.seed} is\n`);
    }
  }
  if (moved.length > 0) throw new CliError(EXIT.assertionFailed, `${moved.length} scene(s) want another seed: ${moved.join(', ')}`);
}
