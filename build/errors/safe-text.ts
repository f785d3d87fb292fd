/**
 * Text from outside (a scene's key, a CSV field, a file name) made safe to print on one terminal line:
 * control characters (C0, DEL, C1: newlines, tabs, ANSI escapes) become visible escapes, so an error
 * message never spans lines it should not or colours the terminal. Printable text is unchanged.
 */
export function safeText(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, escape);
}

/** A whole message: its own line breaks kept (a list of problems), every other control character escaped. */
export function safeMessage(s: string): string {
  return s
    .split('\n')
    .map((line) => safeText(line))
    .join('\n');
}

/**
 * JSON for a terminal: JSON.stringify escapes C0 controls but leaves DEL, the C1 controls (U+009B is
 * a CSI on many terminals) and the line separators raw; they become \u escapes, still the same JSON.
 */
export function safeJson(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space).replace(/[\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function escape(c: string): string {
  if (c === '\n') return '\\n';
  if (c === '\r') return '\\r';
  if (c === '\t') return '\\t';
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}
