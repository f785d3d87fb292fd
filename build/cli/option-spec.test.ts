import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { CliError } from '../errors/exit.ts';
import { declareOptions, integerIn, listOf, oneOf, parseOptions, size } from './option-spec.ts';

const SPECS = {
  jobs: { flags: '--jobs <n>', doc: 'at once, 1 to 8', default: 2, defaultText: 'one per core', parse: integerIn(1, 8) },
  mode: { flags: '--mode <m>', doc: 'how', default: 'auto', parse: oneOf(['auto', 'fast'] as const) },
  sizes: { flags: '--sizes <list>', doc: 'sizes', parse: listOf(size, 'sizes WxH') },
  ledger: { flags: '--no-ledger', doc: 'no ledger line', default: true },
};

const run = (argv: string[]) => {
  const cmd = declareOptions(new Command('x').exitOverride(), SPECS);
  cmd.parse(argv, { from: 'user' });
  return parseOptions(SPECS, cmd.opts());
};

describe('options declared once', () => {
  it('the help shows each doc with its default, from the declaration', () => {
    const help = declareOptions(new Command('x'), SPECS).helpInformation();
    expect(help).toContain('at once, 1 to 8 (default: one per core)');
    expect(help).toContain('how (default: auto)');
  });
  it('parses and fills defaults through the same declaration', () => {
    expect(run([])).toEqual({ jobs: 2, mode: 'auto', sizes: undefined, ledger: true });
    expect(run(['--jobs', '3', '--mode', 'FAST', '--sizes', '640x360,1280x720', '--no-ledger'])).toEqual({
      jobs: 3,
      mode: 'fast',
      sizes: [
        { width: 640, height: 360 },
        { width: 1280, height: 720 },
      ],
      ledger: false,
    });
  });
  it('a bad value is exit 2 naming the flag, what it expected and what it got', () => {
    for (const [argv, message] of [
      [['--jobs', '9'], '--jobs: expected an integer from 1 to 8, got "9"'],
      [['--mode', 'slow'], '--mode: expected one of auto, fast, got "slow"'],
      [['--sizes', '640x360,640x360'], '--sizes: expected a comma-separated list of sizes WxH, each once, got "640x360,640x360"'],
    ] as const) {
      const err = (() => {
        try {
          run([...argv]);
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(CliError);
      expect((err as CliError).exitCode).toBe(2);
      expect((err as CliError).message).toBe(message);
    }
  });
  it('refuses a declaration whose key is not what commander calls the flag', () => {
    expect(() => declareOptions(new Command('x'), { jobCount: { flags: '--jobs <n>', doc: 'x' } })).toThrow(/commander calls it "jobs"/);
  });
});

describe('a default that depends on earlier flags', () => {
  const MODAL = {
    strip: { flags: '--strip', doc: 'a strip', default: false },
    columns: {
      flags: '--columns <n>',
      doc: 'per row',
      defaultFrom: (p: Readonly<Record<string, unknown>>) => (p.strip === true ? 12 : 6),
      defaultText: '6, or 12 on a strip',
      parse: (t: string, p: Readonly<Record<string, unknown>>) => integerIn(1, p.strip === true ? 500 : 100)(t),
    },
  };
  const parse = (argv: string[]) => {
    const cmd = declareOptions(new Command('x').exitOverride(), MODAL);
    cmd.parse(argv, { from: 'user' });
    return parseOptions(MODAL, cmd.opts());
  };
  it('fills the default and the range from the flags declared before it, and says the default in words', () => {
    expect(parse([])).toEqual({ strip: false, columns: 6 });
    expect(parse(['--strip'])).toEqual({ strip: true, columns: 12 });
    expect(parse(['--strip', '--columns', '300'])).toEqual({ strip: true, columns: 300 });
    expect(() => parse(['--columns', '300'])).toThrow('--columns: expected an integer from 1 to 100, got "300"');
    expect(declareOptions(new Command('x'), MODAL).helpInformation()).toContain('per row (default: 6, or 12 on a strip)');
  });
  it('refuses a computed default that --help could not show', () => {
    expect(() => declareOptions(new Command('x'), { columns: { flags: '--columns <n>', doc: 'x', defaultFrom: () => 6 } })).toThrow(/needs a defaultText/);
  });
});
