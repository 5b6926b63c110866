/**
 * Text from the platform (ids, error messages, names) made safe to print on a terminal: every
 * control character (C0, DEL, C1, and the bidi and line/paragraph separators a terminal may act on)
 * is shown as an escape, `\x1b` for ESC, so a stored value can never clear the screen, set the
 * window title, colour the output or plant a link. --json output needs none of this: JSON already
 * escapes control characters. `keepLines` keeps newlines and tabs (text meant to span lines).
 */
export function visible(text: string, { keepLines = false } = {}): string {
  return text.replace(keepLines ? UNSAFE_IN_TEXT : UNSAFE, (char) => {
    const code = char.charCodeAt(0);
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

// C0 (tab and newline too: one value stays on one line), DEL, C1, and the Unicode format
// characters that reorder or hide text (bidi overrides and isolates, line/paragraph separators).
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// The same, keeping newlines and tabs: for text that is meant to span lines (a model's answer).
const UNSAFE_IN_TEXT =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
