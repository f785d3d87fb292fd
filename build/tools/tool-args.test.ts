import { afterEach, describe, expect, it, vi } from 'vitest';
import { toolArgs } from './tool-args.ts';

describe('toolArgs', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads values, switches and defaults', () => {
    const a = toolArgs('t', ['--frames', '30', '--size', '1440x900', '--json']);
    expect(a.int('frames', 60, 10, 600)).toBe(30);
    expect(a.int('rounds', 3, 1, 9)).toBe(3);
    expect(a.size('size', '1280x720')).toEqual([1440, 900]);
    expect(a.opt('scene', '1970-script')).toBe('1970-script');
    expect(a.has('json')).toBe(true);
    expect(a.has('quiet')).toBe(false);
  });

  it('says a bad value in one line naming the tool and the range, and exits 2', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation(((code: number) => {
      throw new Error(`exit ${code}`);
    }) as never);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const a = toolArgs('bench-x', ['--frames', '9', '--size', '63x64']);
    expect(() => a.int('frames', 60, 10, 600)).toThrow('exit 2');
    expect(err).toHaveBeenLastCalledWith('bench-x: --frames expects an integer from 10 to 600\n');
    expect(() => a.size('size', '1280x720')).toThrow('exit 2');
    expect(err).toHaveBeenLastCalledWith('bench-x: --size expects even WxH ≥ 64\n');
    expect(exit).toHaveBeenCalledTimes(2);
  });
});
