/**
 * The dev tools' flags (`npx tsx build/tools/<tool>.ts --name value …`): a flag's value or its default,
 * and a bad value said in one line on stderr with exit 2, naming the tool and the flag's allowed range.
 */
export function toolArgs(tool: string, argv: readonly string[] = process.argv.slice(2)) {
  const opt = (name: string, fallback: string): string => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 && i + 1 < argv.length ? argv[i + 1] : fallback;
  };
  const fail = (msg: string): never => {
    process.stderr.write(`${tool}: ${msg}\n`);
    process.exit(2);
  };
  /** Whether a switch (a flag without a value) is given. */
  const has = (name: string): boolean => argv.includes(`--${name}`);
  /** An integer flag from lo to hi. */
  const int = (name: string, fallback: number, lo: number, hi: number): number => {
    const v = Number(opt(name, String(fallback)));
    if (!(Number.isInteger(v) && v >= lo && v <= hi)) fail(`--${name} expects an integer from ${lo} to ${hi}`);
    return v;
  };
  /** A frame size flag, WxH, both even and at least 64. */
  const size = (name: string, fallback: string): [number, number] => {
    const [w, h] = opt(name, fallback).split('x').map(Number);
    if (!(w >= 64 && h >= 64 && w % 2 === 0 && h % 2 === 0)) fail(`--${name} expects even WxH ≥ 64`);
    return [w, h];
  };
  return { opt, has, fail, int, size };
}
