/**
 * A word as a shell reads it back unchanged, to be pasted: as it is when that is safe, in
 * double quotes when nothing in it acts there (`"Rolled back"`, `"it's fixed"`), else in
 * single quotes.
 */
export function shellQuote(word: string): string {
  if (/^[\w@%+=:,./-]+$/.test(word)) return word;
  if (!/["$`\\!\n]/.test(word)) return `"${word}"`;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
