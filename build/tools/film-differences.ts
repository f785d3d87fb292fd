// Every scene's film in two proof folders, frame by frame (issue 20: before/after a capture or encode change):
// `npx tsx build/tools/film-differences.ts OLD_PROOF_DIR NEW_PROOF_DIR [--json]`
// Per scene in both: whether the captured images were byte-identical (summary.json's frame-hash digest),
// the new film's PSNR and SSIM against the old film's decoded frames, the films' sizes, and whether the
// pixel measurements (pixels.json's columns) and their verdicts are identical.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fidelityArgs, parseFidelity } from '../jobs/bench/core/fidelity.ts';
import { findFfmpeg } from '../node/ffmpeg/find-ffmpeg.ts';
import { safeText } from '../errors/safe-text.ts';

const [oldDir, newDir] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (!oldDir || !newDir) {
  process.stderr.write('usage: npx tsx build/tools/film-differences.ts OLD_PROOF_DIR NEW_PROOF_DIR [--json]\n');
  process.exit(2);
}
const ffmpeg = findFfmpeg().ffmpeg;
const tmp = mkdtempSync(join(tmpdir(), 'eye-film-diff-'));
const json = (p: string) => JSON.parse(readFileSync(p, 'utf8'));
const scenes = readdirSync(newDir).filter((s) => existsSync(join(newDir, s, 'film.mp4')) && existsSync(join(oldDir, s, 'film.mp4'))).sort();
const rows = [];
try {
  for (const scene of scenes) {
    const [a, b] = [join(oldDir, scene), join(newDir, scene)];
    const sa = json(join(a, 'summary.json'));
    const sb = json(join(b, 'summary.json'));
    const raw = join(tmp, `${scene}.yuv`);
    const dec = spawnSync(ffmpeg, ['-v', 'error', '-i', join(a, 'film.mp4'), '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-y', raw]);
    if (dec.status !== 0) throw new Error(`${scene}: decoding the old film failed`);
    const fid = parseFidelity(spawnSync(ffmpeg, fidelityArgs(join(b, 'film.mp4'), raw, sb.width, sb.height, sb.fps), { maxBuffer: 1 << 24 }).stderr.toString());
    rmSync(raw);
    const pixels = (d: string) => (existsSync(join(d, 'pixels.json')) ? JSON.stringify(json(join(d, 'pixels.json')).columns) : null);
    rows.push({
      scene,
      frames: sb.frames,
      capturedIdentical: sa.frameHashes.digest === sb.frameHashes.digest,
      framesIdentical: sa.frameHashes.perFrame.filter((h: string, i: number) => h === sb.frameHashes.perFrame[i]).length,
      filmBytes: [statSync(join(a, 'film.mp4')).size, statSync(join(b, 'film.mp4')).size],
      newAgainstOld: fid,
      pixelsIdentical: pixels(a) === pixels(b),
      pixelsPass: [sa.pixels?.pass ?? null, sb.pixels?.pass ?? null],
      agreementPass: [sa.pixels?.agreementPass ?? null, sb.pixels?.agreementPass ?? null],
    });
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
else {
  process.stdout.write('| scene | captured images identical | film kB old → new | new vs old: PSNR Y / all (dB) | SSIM Y / all | pixel rows identical | pixels agree old / new |\n|---|---|---|---|---|---|---|\n');
  for (const r of rows) {
    const f = r.newAgainstOld;
    const db = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '∞');
    process.stdout.write(
      `| ${safeText(r.scene)} | ${r.capturedIdentical ? 'yes' : `no (${r.framesIdentical}/${r.frames})`} | ${(r.filmBytes[0] / 1000).toFixed(0)} → ${(r.filmBytes[1] / 1000).toFixed(0)} | ${db(f.psnrY)} / ${db(f.psnrAll)} | ${f.ssimY.toFixed(4)} / ${f.ssimAll.toFixed(4)} | ${r.pixelsIdentical ? 'yes' : 'no'} | ${r.agreementPass.join(' / ')} |\n`,
    );
  }
}
