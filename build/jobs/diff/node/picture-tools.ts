import type { ClipSegment } from './review-clip.ts';

/**
 * The picture side of `eye diff`, from build/jobs/diff/node/ and build/jobs/diff/core/ (issue 22's other half):
 * the per-frame SSIM/PSNR of two films, the changed stretches, the review clip and stills. Loaded
 * when a diff first needs a picture, so an unchanged tree never imports them; tests pass fakes.
 */
export interface PictureTools {
  frameDifference(opts: { baselineFilm: string; currentFilm: string; ffmpegPath?: string }): Promise<{ ssim: number[]; psnrDb: number[] }>;
  changedStretches(ssim: readonly number[], opts: { fps: number; ssimMin: number; contextS: number }): { startFrame: number; endFrame: number; startS: number; endS: number; minSsim: number }[];
  writeReviewClip(opts: {
    out: string;
    panelSize: { width: number; height: number };
    fps: number;
    scenes: { scene: string; baselineFilm: string; currentFilm: string; stretches: { startS: number; endS: number }[]; labels: string[] }[];
    ffmpegPath?: string;
  }): Promise<ClipSegment[]>;
  /** Per frame, the largest blurred luma difference (build/jobs/diff/node/local-difference.ts, this branch's). */
  localDifference(opts: { baselineFilm: string; currentFilm: string; sigmaPx: number; ffmpegPath?: string }): Promise<number[]>;
  writeFilmStills(opts: { film: string; timesS: number[]; outDir: string; width: number; ffmpegPath?: string }): Promise<string[]>;
}

/** dif22b's modules, imported when a diff first needs a picture (their signatures checked against PictureTools here). */
export async function loadPictureTools(): Promise<PictureTools> {
  const [difference, stretches, clip, stills, local] = await Promise.all([import('./frame-difference.ts'), import('../core/changed-stretches.ts'), import('./review-clip.ts'), import('./film-stills.ts'), import('./local-difference.ts')]);
  return { frameDifference: difference.frameDifference, changedStretches: stretches.changedStretches, writeReviewClip: clip.writeReviewClip, writeFilmStills: stills.writeFilmStills, localDifference: local.localDifference };
}
