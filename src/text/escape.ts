/**
 * Text from the server is untrusted: a hostile incident name must not move the cursor,
 * change the title or hide what the user is reading. Control characters are shown
 * escaped (`\x1b`, `\u009b`, ...). Newlines and tabs are escaped too unless kept.
 */
export function sanitize(text: string, keep: { newlines?: boolean } = {}): string {
  // C0 controls, DEL, C1 controls, and the bidirectional overrides that reorder text.
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (char) => {
    if (keep.newlines && (char === '\n' || char === '\t')) return char;
    if (char === '\n') return '\\n';
    if (char === '\t') return '\\t';
    if (char === '\r') return '\\r';
    const code = char.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/** Text shown in a one-line input: its newlines as spaces, other control characters escaped. */
export function oneLine(text: string): string {
  return sanitize(text.replace(/\s*\n\s*/g, ' '));
}
