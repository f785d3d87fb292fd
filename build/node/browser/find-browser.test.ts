import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CliError } from '../../errors/exit.ts';
import { findBrowser } from './find-browser.ts';
import { findFfmpeg } from '../ffmpeg/find-ffmpeg.ts';

const dir = mkdtempSync(join(tmpdir(), 'eye-find-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const exe = (name: string) => {
  const f = join(dir, name);
  writeFileSync(f, '#!/bin/sh\n');
  chmodSync(f, 0o755);
  return f;
};
const fails = (fn: () => unknown): CliError => {
  try {
    fn();
  } catch (err) {
    return err as CliError;
  }
  throw new Error('expected an error');
};

describe('findBrowser', () => {
  it('takes PUPPETEER_EXECUTABLE_PATH when it is an executable', () => {
    const chrome = exe('my-chrome');
    expect(findBrowser({ PUPPETEER_EXECUTABLE_PATH: chrome, PATH: '' })).toEqual({ path: chrome, kind: 'custom' });
  });

  it('a missing override is an environment error (exit 3) saying what to install', () => {
    const err = fails(() => findBrowser({ PUPPETEER_EXECUTABLE_PATH: '/nonexistent', PATH: '' }));
    expect(err.exitCode).toBe(3);
    expect(err.message).toMatch(/^no browser at PUPPETEER_EXECUTABLE_PATH=\/nonexistent: install chromium-headless-shell/);
  });

  it('prefers chromium-headless-shell on PATH', () => {
    const path = join(dir, 'chromium-headless-shell');
    exe('chromium-headless-shell');
    exe('chromium');
    expect(findBrowser({ PATH: dir })).toEqual({ path, kind: 'headless-shell' });
  });
});

describe('findFfmpeg', () => {
  it('takes FFMPEG_PATH and the ffprobe beside it', () => {
    const sub = join(dir, 'ff');
    mkdirSync(sub);
    const ffmpeg = exe('ff/ffmpeg');
    const ffprobe = exe('ff/ffprobe');
    expect(findFfmpeg({ FFMPEG_PATH: ffmpeg, PATH: '' })).toEqual({ ffmpeg, ffprobe });
  });

  it('a missing ffmpeg is an environment error (exit 3) saying what to install', () => {
    const err = fails(() => findFfmpeg({ FFMPEG_PATH: '/nonexistent', PATH: '' }));
    expect(err.exitCode).toBe(3);
    expect(err.message).toMatch(/install ffmpeg/);
  });
});
