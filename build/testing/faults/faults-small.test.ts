// Fault suite (issue 19, item 10, the rest): published folders' mode, and ffmpeg's failure line when it is killed.
import { spawn } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishDir } from '../../node/io/publish-dir.ts';
import { findFfmpeg } from '../../node/ffmpeg/find-ffmpeg.ts';
import { ffmpegFailure } from '../../jobs/render/node/encode-film.ts';
import { tempDir } from '../temp-dir.ts';

describe('faults: small ones', () => {
  it('a published folder (staged by mkdtemp, 0700) has the usual mode, 0777 less the umask', () => {
    const out = tempDir('eye-faults-mode-');
    const stage = mkdtempSync(join(out, '.scene.merge-'));
    publishDir(stage, join(out, 'scene'));
    expect((statSync(join(out, 'scene')).mode & 0o777).toString(8)).toBe((0o777 & ~process.umask()).toString(8));
  });

  it('ffmpeg killed mid-encode: one line saying so, not its banner', async () => {
    // A real ffmpeg's stderr up to a kill -9: its banner and stream lines, nothing else.
    const child = spawn(findFfmpeg().ffmpeg, ['-hide_banner', '-loglevel', 'info', '-f', 'lavfi', '-i', 'testsrc=s=64x36:r=30', '-t', '600', '-f', 'null', '-'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const closed = new Promise((r) => child.on('close', r));
    await new Promise((r) => setTimeout(r, 700));
    child.kill('SIGKILL');
    await closed;
    const banner = `ffmpeg version 6.1 Copyright (c) 2000-2023 the FFmpeg developers\n  built with gcc 12\n  configuration: --prefix=/usr\n  libavutil      58. 29.100 / 58. 29.100\n${stderr}`;
    expect(ffmpegFailure('ffmpeg was killed with signal SIGKILL', banner)).toBe('ffmpeg was killed (SIGKILL)');
    // Failing on its own, the line that says why, not the banner after it.
    expect(ffmpegFailure('ffmpeg exited with code 1: Conversion failed!', `${banner}\n[out#0/mp4 @ 0x1] Error opening output /x/film.mp4: No such file or directory\nConversion failed!`)).toBe(
      'ffmpeg failed: ffmpeg exited with code 1: Conversion failed! ([out#0/mp4 @ 0x1] Error opening output /x/film.mp4: No such file or directory)',
    );
  });
});
