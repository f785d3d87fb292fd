import { describe, expect, it } from 'vitest';
import { drawingTable } from './drawing-table.ts';

describe('the colour drawing table', () => {
  it('gives each tree its fastest and median pass and the last tree as a multiple of the first', () => {
    const t = drawingTable({
      size: '1280x720',
      frames: 59,
      trees: [
        { label: '/tmp/ref', passes: 9, fastestMs: 6.9, medianMs: 7.2 },
        { label: 'this tree', passes: 9, fastestMs: 10.2, medianMs: 10.8 },
      ],
    });
    const lines = t.split('\n');
    expect(lines[0]).toBe('1280x720, frames 1–59');
    expect(lines[2]).toMatch(/^fastest of 9 passes \(the cost\)\s+6\.90\s+10\.20\s+1\.48×$/);
    expect(lines[3]).toMatch(/^median pass \(how noisy the run was\)\s+7\.20\s+10\.80\s+1\.50×$/);
  });

  it('escapes a label\'s control characters (a checkout path is the user\'s text)', () => {
    const t = drawingTable({ size: '1280x720', frames: 59, trees: [{ label: '/tmp/a\u001b[2Jb', passes: 1, fastestMs: 1, medianMs: 1 }] });
    expect(t).not.toContain('\u001b');
  });

  it('has no multiple for one tree', () => {
    const t = drawingTable({ size: '1440x900', frames: 59, trees: [{ label: 'this tree', passes: 3, fastestMs: 12, medianMs: 13 }] });
    expect(t).not.toMatch(/×/);
  });
});
