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

/** `sk_live_0123456789abcdef` → `sk_…cdef`; short secrets show nothing of themselves. */
export function maskSecret(secret: string): string {
  if (secret.length < 12) return '••••';
  const prefix = /^[A-Za-z]{1,8}_/.exec(secret)?.[0] ?? '';
  return `${prefix}…${secret.slice(-4)}`;
}

const UNITS: [string, number][] = [
  ['y', 365 * 86_400_000],
  ['mo', 30 * 86_400_000],
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1_000],
];

/** "3m ago", "2h ago", "in 5m", "just now". */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return iso;
  const delta = now - then;
  const size = Math.abs(delta);
  if (size < 10_000) return 'just now';
  for (const [unit, ms] of UNITS) {
    if (size >= ms) {
      const count = Math.floor(size / ms);
      return delta >= 0 ? `${count}${unit} ago` : `in ${count}${unit}`;
    }
  }
  return 'just now';
}

/**
 * A time for people: "2026-11-20 14:05 UTC (3m ago)", with seconds when they matter
 * (heartbeat pings). A plain date stays as it is; what does not parse is shown as given.
 */
export function timeDisplay(iso: string, now: number, precision: 'minutes' | 'seconds' = 'minutes'): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time) || /^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  const shown = new Date(time)
    .toISOString()
    .slice(0, precision === 'seconds' ? 19 : 16)
    .replace('T', ' ');
  return `${shown} UTC (${relativeTime(iso, now)})`;
}

/** A duration in seconds as "1h 5m", "45s", "3d 2h". */
export function humanDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return String(seconds);
  if (seconds < 60) return `${Math.round(seconds)}s`;
  const parts: string[] = [];
  let rest = Math.round(seconds);
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3_600],
    ['m', 60],
    ['s', 1],
  ] as const) {
    if (rest >= size && parts.length < 2) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
  }
  return parts.join(' ');
}

/**
 * The `value` of every object marked `secret: true` (a check's secret environment
 * variables) replaced by `mask`, wherever it sits in a body; the rest is left as it is.
 */
export function maskSecretValues<T>(body: T, mask = '••••'): T {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value !== 'object' || value === null) return value;
    const out = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, walk(inner)])) as Record<
      string,
      unknown
    >;
    if (out.secret === true && 'value' in out) out.value = mask;
    return out;
  };
  return walk(body) as T;
}
