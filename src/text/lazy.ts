/**
 * A regular expression made when it is first needed, then kept. One with classes of Unicode
 * properties (`\p{Cn}`, `\p{Emoji_Presentation}`) costs ~0.3 ms to make, at every start of
 * every command, and plain text (ASCII, the common case) never needs it.
 */
export function lazyRegExp(make: () => RegExp): () => RegExp {
  let made: RegExp | undefined;
  return () => (made ??= make());
}
