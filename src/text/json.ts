/** How deep mon walks parsed JSON (printing, checking, masking): far more than any API answer needs. */
export const MAX_JSON_DEPTH = 1000;

/** True when `value` has arrays or objects nested more than `limit` levels deep. Never recursive. */
export function exceedsDepth(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth > limit) return true;
    for (const inner of Array.isArray(current) ? current : Object.values(current)) {
      if (typeof inner === 'object' && inner !== null) stack.push([inner, depth + 1]);
    }
  }
  return false;
}
