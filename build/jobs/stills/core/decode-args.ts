/** What the decoder needs to know about a film and which frames to take from it. */
export interface DecodeRequest {
  film: string;
  /** Frame indices (presentation order, 0 = first), ascending, no repeats. */
  frames: number[];
  /** ffprobe's color_space and color_range: which YUV → RGB matrix and range the pixels were made with. */
  colorSpace: string;
  colorRange: string;
}

/** ffprobe's color_space names → swscale's in_color_matrix names (the ones swscale knows). */
const MATRIX: Record<string, string> = {
  bt709: 'bt709',
  smpte170m: 'bt601',
  bt470bg: 'bt601',
  fcc: 'fcc',
  smpte240m: 'smpte240m',
  bt2020nc: 'bt2020',
  bt2020c: 'bt2020',
};

/**
 * The select expression for a set of frames: runs of consecutive frames as between(n,a,b), lone ones
 * as eq(n,a), joined by + (a frame passes when any term is 1). Commas are protected by the quotes.
 */
export function selectExpression(frames: number[]): string {
  checkFrames(frames);
  const terms: string[] = [];
  for (let i = 0; i < frames.length; ) {
    let j = i;
    while (j + 1 < frames.length && frames[j + 1] === frames[j] + 1) j++;
    terms.push(j === i ? `eq(n,${frames[i]})` : `between(n,${frames[i]},${frames[j]})`);
    i = j + 1;
  }
  return terms.join('+');
}

/**
 * The ffmpeg command line (after the program name) that decodes exactly the requested frames of a film
 * and writes them to stdout as packed RGB, one frame after another (pure: tested without ffmpeg).
 * One process per request: select picks frames by index in presentation order, -frames:v stops the
 * decode after the last one, passthrough keeps ffmpeg from duplicating or dropping frames. The YUV →
 * RGB conversion uses the film's own matrix and range (swscale would otherwise assume BT.601) with
 * accurate rounding, so a still is the film's pixels as a player shows them.
 */
export function decodeArgs(r: DecodeRequest): string[] {
  const matrix = MATRIX[r.colorSpace];
  const range = r.colorRange === 'pc' || r.colorRange === 'tv' ? r.colorRange : undefined;
  const scale = [
    matrix ? `in_color_matrix=${matrix}` : null,
    range ? `in_range=${range}` : null,
    'flags=accurate_rnd+full_chroma_int+full_chroma_inp',
  ].filter((x): x is string => x !== null);
  return [
    '-hide_banner',
    '-nostdin',
    '-v', 'error',
    // Frames as stored, the size ffprobe reports (a phone film's rotation tag would otherwise swap it).
    '-noautorotate',
    '-i', r.film,
    '-map', '0:v:0',
    '-an', '-sn', '-dn',
    '-vf', `select='${selectExpression(r.frames)}',scale=${scale.join(':')},format=rgb24`,
    '-fps_mode', 'passthrough',
    '-frames:v', String(r.frames.length),
    '-f', 'rawvideo',
    '-pix_fmt', 'rgb24',
    'pipe:1',
  ];
}

function checkFrames(frames: number[]): void {
  if (frames.length === 0) throw new RangeError('no frames asked for');
  frames.forEach((f, i) => {
    if (!Number.isInteger(f) || f < 0) throw new RangeError(`frame ${f}: expected an integer ≥ 0`);
    if (i > 0 && f <= frames[i - 1]) throw new RangeError(`frames must ascend without repeats (${frames[i - 1]} then ${f})`);
  });
}
