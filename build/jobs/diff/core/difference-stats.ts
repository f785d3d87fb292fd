import { CliError, EXIT } from '../../../errors/exit.ts';
import { safeText } from '../../../errors/safe-text.ts';

/**
 * ffmpeg's per-frame stats files, read as untrusted text: every non-empty line must be the frame
 * that comes next (n:1, n:2, … without gaps or repeats) and carry the value in its range, else the
 * whole file is refused (exit 4: ffmpeg itself said something this code does not understand). A
 * value is never guessed or skipped, so a frame's entry is always that frame's.
 */

const bad = (what: string, line: number, text: string, why: string) =>
  new CliError(EXIT.internal, `ffmpeg's ${what} stats, line ${line}: ${why} ("${safeText(text.slice(0, 120))}")`);

/** Lines as [line number, text], blank ones (a trailing newline) left out. */
function lines(text: string): [number, string][] {
  return text
    .split(/\r?\n/)
    .map((t, i) => [i + 1, t.trim()] as [number, string])
    .filter(([, t]) => t !== '');
}

/** The `key:value` fields of a line, which must start with n:<frame>. */
function fields(what: string, line: number, text: string, expectedN: number): Map<string, string> {
  const map = new Map<string, string>();
  for (const token of text.replace(/\s*\([^)]*\)\s*$/, '').split(/\s+/)) {
    const m = /^([A-Za-z_]+):(\S+)$/.exec(token);
    if (!m) throw bad(what, line, text, `"${safeText(token.slice(0, 40))}" is not key:value`);
    if (map.has(m[1])) throw bad(what, line, text, `${m[1]} twice`);
    map.set(m[1], m[2]);
  }
  const n = map.get('n');
  if (n === undefined || !/^\d+$/.test(n)) throw bad(what, line, text, 'no frame number n:');
  if (Number(n) !== expectedN) throw bad(what, line, text, `frame n:${n} where n:${expectedN} was next`);
  return map;
}

const DECIMAL = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/** The ssim filter's stats (`n:1 Y:… U:… V:… All:0.998555 (28.400573)`): each frame's All, the planes' SSIM weighted by their size. */
export function parseSsimStats(text: string): number[] {
  const out: number[] = [];
  for (const [line, t] of lines(text)) {
    const all = fields('SSIM', line, t, out.length + 1).get('All');
    if (all === undefined) throw bad('SSIM', line, t, 'no All:');
    // SSIM lies in [-1, 1]; ffmpeg prints it with six decimals.
    if (!DECIMAL.test(all) || Number(all) < -1 || Number(all) > 1) throw bad('SSIM', line, t, `All:${safeText(all)} is not a number from -1 to 1`);
    out.push(Number(all));
  }
  return out;
}

/**
 * The psnr filter's stats (`n:1 mse_avg:2.81 … psnr_avg:43.65 …`): each frame's psnr_avg in dB, the
 * planes' mean squared error pooled. Identical frames have no error: ffmpeg writes `inf`, kept here
 * as Infinity (JSON.stringify turns it into null: a caller that stores it must say what null means).
 */
export function parsePsnrStats(text: string): number[] {
  const out: number[] = [];
  for (const [line, t] of lines(text)) {
    const f = fields('PSNR', line, t, out.length + 1);
    const db = f.get('psnr_avg');
    if (db === undefined) throw bad('PSNR', line, t, 'no psnr_avg:');
    if (db === 'inf') {
      // inf only where there is no error at all.
      const mse = f.get('mse_avg');
      if (mse !== undefined && !(DECIMAL.test(mse) && Number(mse) === 0)) throw bad('PSNR', line, t, `psnr_avg:inf with mse_avg:${safeText(mse)}`);
      out.push(Infinity);
      continue;
    }
    if (!DECIMAL.test(db) || Number(db) < 0) throw bad('PSNR', line, t, `psnr_avg:${safeText(db)} is not a number of dB ≥ 0 or inf`);
    out.push(Number(db));
  }
  return out;
}
