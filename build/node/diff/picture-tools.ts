/**
 * The picture side of `eye diff`, from build/node/diff/ and build/core/diff/ (issue 22's other half):
 * the per-frame SSIM/PSNR of two films, the changed stretches, the review clip and stills. Loaded by
 * name when a diff first needs a picture, so an unchanged tree never imports them; tests pass fakes.
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
  }): Promise<void>;
  writeFilmStills(opts: { film: string; timesS: number[]; outDir: string; width: number; ffmpegPath?: string }): Promise<string[]>;
}

/** The modules, by path (a variable: the type is PictureTools', declared above, whichever branch they come from). */
const MODULES = {
  frameDifference: '../../node/diff/frame-difference.ts',
  changedStretches: '../../core/diff/changed-stretches.ts',
  writeReviewClip: '../../node/diff/review-clip.ts',
  writeFilmStills: '../../node/diff/film-stills.ts',
} as const;

export async function loadPictureTools(): Promise<PictureTools> {
  const tools: Record<string, unknown> = {};
  for (const [name, path] of Object.entries(MODULES)) {
    const mod = (await import(new URL(path, import.meta.url).href)) as Record<string, unknown>;
    if (typeof mod[name] !== 'function') throw new Error(`${path} exports no ${name}()`);
    tools[name] = mod[name];
  }
  return tools as unknown as PictureTools;
}
