import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { compactSvg, roundCoordinates, simplifyPathData, simplifyPolyline } from './compact-svg.ts';

function compacted(svg: string): string {
  const { document } = parseHTML(`<!doctype html><html><body>${svg}</body></html>`);
  const root = document.querySelector('svg')!;
  compactSvg(root as never);
  return root.outerHTML;
}

describe('compactSvg: the same drawing in fewer bytes', () => {
  it('rounds long decimals to a tenth of a pixel, leaving short ones and style numbers', () => {
    expect(roundCoordinates('M40,24.968964740770527L45.50000000000001,-0.0000001')).toBe('M40,25L45.5,0');
    expect(roundCoordinates('0.32em')).toBe('0.32em');
    const out = compacted('<svg><g fill-opacity="0.5555"><text y="0.32em" x="12.3456">a</text></g></svg>');
    expect(out).toContain('fill-opacity="0.5555"');
    expect(out).toContain('x="12.3"');
    expect(out).toContain('y="0.32em"');
  });

  it('simplifies a polyline within the tolerance: a straight run to its ends, a corner kept', () => {
    const line: [number, number][] = Array.from({ length: 101 }, (_, i) => [i, i < 50 ? 10 + (i % 2) * 0.1 : 10 + (i - 50)]);
    const s = simplifyPolyline(line, 0.25);
    expect(s.length).toBeLessThan(6);
    expect(s[0]).toEqual([0, 10]);
    expect(s.at(-1)).toEqual([100, 60]);
    // Every dropped point lies within the tolerance of the kept polyline (here: of the segment spanning it).
    for (const [x, y] of line) {
      const j = s.findIndex(([sx]) => sx >= x);
      const [ax, ay] = s[Math.max(0, j - 1)];
      const [bx, by] = s[j];
      const yOn = bx === ax ? ay : ay + ((by - ay) * (x - ax)) / (bx - ax);
      expect(Math.abs(y - yOn)).toBeLessThanOrEqual(0.25 + 1e-9);
    }
    // A spike beyond the tolerance stays.
    expect(simplifyPolyline([[0, 0], [1, 0], [2, 5], [3, 0], [4, 0]], 0.25)).toEqual([[0, 0], [1, 0], [2, 5], [3, 0], [4, 0]]);
  });

  it('keeps a gap (a new M) and leaves a path with curves or relative commands alone', () => {
    expect(simplifyPathData('M0,0L1,0L2,0M5,5L6,5L7,5', 0.25)).toBe('M0,0L2,0M5,5L7,5');
    expect(simplifyPathData('M0,0C1,1,2,2,3,3', 0.25)).toBe('M0,0C1,1,2,2,3,3');
    expect(simplifyPathData('M0,0l1,0', 0.25)).toBe('M0,0l1,0');
  });

  it('draws a group of equal plain dots as one path of round-capped points, and leaves dots with titles or their own colours', () => {
    const plain = compacted('<svg><g aria-label="dot"><circle fill="#d00" r="1.6" cy="24.96896" cx="40"/><circle fill="#d00" r="1.6" cy="30" cx="41.1"/></g></svg>');
    expect(plain).not.toContain('<circle');
    for (const a of ['fill="none"', 'stroke="#d00"', 'stroke-width="3.2"', 'stroke-linecap="round"', 'd="M40,25h0M41.1,30h0"']) expect(plain).toContain(a);
    const titled = compacted('<svg><g aria-label="dot"><circle fill="#d00" r="2" cy="1" cx="2"><title>a</title></circle><circle fill="#d00" r="2" cy="1" cx="3"><title>b</title></circle></g></svg>');
    expect((titled.match(/<circle/g) ?? []).length).toBe(2);
    const coloured = compacted('<svg><g aria-label="dot"><circle fill="#d00" r="2" cy="1" cx="2"/><circle fill="#00d" r="2" cy="1" cx="3"/></g></svg>');
    expect((coloured.match(/<circle/g) ?? []).length).toBe(2);
  });
});
