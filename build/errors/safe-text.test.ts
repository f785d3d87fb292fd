import { describe, expect, it } from 'vitest';
import { safeMessage, safeText } from './safe-text.ts';

describe('safeText', () => {
  it('escapes newlines, tabs and ANSI escapes so the text stays one plain line', () => {
    expect(safeText('a\nb')).toBe('a\\nb');
    expect(safeText('\u001b[31mred\u001b[0m')).toBe('\\u001b[31mred\\u001b[0m');
    expect(safeText('tab\there\r')).toBe('tab\\there\\r');
    expect(safeText('\u009b2J')).toBe('\\u009b2J');
  });
  it('leaves printable text, including non-ASCII, alone', () => {
    expect(safeText('1970-script: field "durationS" – 12°')).toBe('1970-script: field "durationS" – 12°');
  });
  it('keeps a message\'s own line breaks but escapes control characters inside its lines', () => {
    expect(safeMessage('problems:\n  line 2: "\u001b[2J"')).toBe('problems:\n  line 2: "\\u001b[2J"');
  });
});
