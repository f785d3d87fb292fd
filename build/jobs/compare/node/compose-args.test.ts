import { describe, expect, it } from 'vitest';
import { composeArgs, type ComposeInput } from './compose-args.ts';
import { DEFAULT_CRF, DEFAULT_PRESET } from '../../../node/ffmpeg/ffmpeg-args.ts';

const input = (n: number, over: Partial<ComposeInput> = {}): ComposeInput => ({
  panels: Array.from({ length: n }, (_, i) => ({ film: `/p/${i}/film.mp4`, label: `/w/label-${i}.png` })),
  filmSize: { width: 640, height: 360 },
  panelSize: { width: 640, height: 360 },
  labelHeightPx: 40,
  fps: 30,
  frames: 600,
  output: '/out/clip.mp4',
  ...over,
});
const graphOf = (args: string[]) => args[args.indexOf('-filter_complex') + 1];
const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('composeArgs: the compare clip as ffmpeg arguments', () => {
  it('reads the films first, then their labels, and lays each label under its panel', () => {
    const args = composeArgs(input(3));
    const inputs = args.flatMap((a, i) => (a === '-i' ? [args[i + 1]] : []));
    expect(inputs).toEqual(['/p/0/film.mp4', '/p/1/film.mp4', '/p/2/film.mp4', '/w/label-0.png', '/w/label-1.png', '/w/label-2.png']);
    const g = graphOf(args);
    expect(g).toContain('[0:v]setsar=1,pad=640:400:0:0:black[p0]');
    expect(g).toContain('[p2][5:v]overlay=0:360:eof_action=repeat:format=yuv420[c2]');
    expect(g).toContain('[c0][c1][c2]xstack=inputs=3:layout=0_0|640_0|1280_0:fill=black');
  });

  it('never touches a panel\'s timing (frame n of the clip is frame n of every film), and cuts at the frame count', () => {
    const args = composeArgs(input(10));
    expect(graphOf(args)).not.toMatch(/setpts|fps=|trim|tpad|framerate/);
    expect(after(args, '-frames:v')).toBe('600');
    expect(after(args, '-r')).toBe('30');
  });

  it('tiles ten panels 5 × 2 and scales films only when the panel size differs', () => {
    const args = composeArgs(input(10, { panelSize: { width: 384, height: 216 } }));
    const g = graphOf(args);
    expect(g).toContain('[0:v]scale=384:216:flags=bicubic,setsar=1,pad=384:256:0:0:black[p0]');
    expect(g).toContain('layout=0_0|384_0|768_0|1152_0|1536_0|0_256|384_256|768_256|1152_256|1536_256');
    expect(graphOf(composeArgs(input(2)))).not.toContain('scale=');
  });

  it('scales only the panel whose film is another size (a proof film made into a panel)', () => {
    const base = input(2);
    const g = graphOf(composeArgs({ ...base, panels: [{ ...base.panels[0], size: { width: 1280, height: 720 } }, base.panels[1]] }));
    expect(g).toContain('[0:v]scale=640:360:flags=bicubic,setsar=1');
    expect(g).toContain('[1:v]setsar=1');
  });

  it('encodes as a proof film is encoded: H.264 High, yuv420p, BT.709 tags, the films\' CRF and preset, +faststart', () => {
    const args = composeArgs(input(2));
    expect(after(args, '-c:v')).toBe('libx264');
    expect(after(args, '-profile:v')).toBe('high');
    expect(after(args, '-pix_fmt')).toBe('yuv420p');
    expect(after(args, '-crf')).toBe(String(DEFAULT_CRF));
    expect(after(args, '-preset')).toBe(DEFAULT_PRESET);
    for (const f of ['-colorspace', '-color_primaries', '-color_trc']) expect(after(args, f)).toBe('bt709');
    expect(after(args, '-movflags')).toBe('+faststart');
    expect(args.at(-1)).toBe('/out/clip.mp4');
  });

  it('one panel needs no stack', () => {
    expect(graphOf(composeArgs(input(1)))).toContain('[c0]format=yuv420p[out]');
  });

  it('refuses odd sizes, odd label strips, rates outside 1–240 and no frames, saying what it expected', () => {
    expect(() => composeArgs(input(2, { panelSize: { width: 641, height: 360 } }))).toThrow(/641x360: expected even integers/);
    expect(() => composeArgs(input(2, { labelHeightPx: 41 }))).toThrow(/label height 41: expected an even integer/);
    expect(() => composeArgs(input(2, { fps: 0 }))).toThrow(/fps 0: expected an integer from 1 to 240/);
    expect(() => composeArgs(input(2, { frames: 0 }))).toThrow(/frames 0/);
    expect(() => composeArgs(input(0))).toThrow(/at least one/);
  });
  it("loops a held panel's few frames (the loop filter numbers the repeats on) and leaves the other panels' timing alone", () => {
    const i3 = input(3);
    i3.panels[0].loopFrames = 3;
    const g = graphOf(composeArgs(i3));
    expect(g).toContain('[0:v]loop=loop=-1:size=3:start=0,setsar=1,');
    expect(g).toContain('[1:v]setsar=1,');
    i3.panels[0].loopFrames = 0.5;
    expect(() => composeArgs(i3)).toThrow(/whole number of frames/);
  });
});
