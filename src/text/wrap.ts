/**
 * Text fitted to a width. Paragraphs (separated by blank lines) are reflowed; a line that
 * starts with spaces is kept as a line of its own (a list, a command) and, when too long,
 * continues under its first value ("  Locations: a, b," → the next line starts under "a").
 */
export function fitText(text: string, width: number): string {
  return text
    .split('\n')
    .reduce<string[][]>(
      (paragraphs, line) => {
        const current = paragraphs.at(-1)!;
        if (line.trim() === '') paragraphs.push([], []);
        else if (/^\s/.test(line) || current.length === 0 || /^\s/.test(current.at(-1)!)) current.push(line);
        else current[current.length - 1] += ` ${line.trim()}`;
        return paragraphs;
      },
      [[]],
    )
    .map((lines) => lines.flatMap((line) => wrapLine(line, width)).join('\n'))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
}

/** One line wrapped at spaces; continuation lines are indented under its first value. */
export function wrapLine(text: string, width: number, hanging?: number): string[] {
  if (text.length <= width) return [text];
  const lead = /^(\s*)/.exec(text)![1]!.length;
  const line = ' '.repeat(lead) + text.slice(lead).replace(/ +/g, ' ');
  const label = lead > 0 ? /^(\s*\S+:\s+)\S/.exec(line) : null;
  const indent = ' '.repeat(hanging ?? (label ? label[1]!.length : lead));
  const out: string[] = [];
  let current = '';
  for (const word of line.slice(lead).split(/ +/)) {
    const start = out.length === 0 && current === '' ? ' '.repeat(lead) : '';
    const candidate = current === '' ? `${start}${out.length ? indent : ''}${word}` : `${current} ${word}`;
    if (candidate.length > width && current.trim() !== '') {
      out.push(current);
      current = `${indent}${word}`;
    } else current = candidate;
    // A word longer than the line is cut, so nothing is wider than asked.
    while (current.length > width) {
      out.push(current.slice(0, width));
      current = `${indent}${current.slice(width)}`;
    }
  }
  if (current.trim() !== '') out.push(current);
  return out;
}
