/** A path in a body as people write it: `entries[0].name`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)),
    '',
  );
}

/** The longest prefix of a dotted path that `names` knows, and what follows it: `a.b[0].c` → `a.b`, `[0].c`. */
export function longestPrefix(
  path: string,
  names: Readonly<Record<string, string>>,
): { name: string; rest: string } | undefined {
  let candidate = path;
  for (;;) {
    if (Object.hasOwn(names, candidate))
      return { name: names[candidate]!, rest: path.slice(candidate.length).replace(/^\./, '') };
    const cut = Math.max(candidate.lastIndexOf('.'), candidate.lastIndexOf('['));
    if (cut <= 0) return undefined;
    candidate = candidate.slice(0, cut);
  }
}
