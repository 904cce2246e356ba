import { readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/*
 * Which build of mon a file of dist/ is: what names its caches, so that a new build (or an
 * old one put back) never runs another's code nor prints another's help. V8 itself checks
 * only a source's length before using a code cache.
 */

/** Each dist/'s list of hashes, read once. */
const lists = new Map<string, Record<string, unknown>>();

/** The SHA-256 of a file of dist/: from the build's list (dist/sha256.json), or computed from `source` when the list lacks it. */
function contentHash(dist: string, file: string, source: Uint8Array | string | undefined): string | undefined {
  let hashes = lists.get(dist);
  if (hashes === undefined) {
    try {
      hashes = JSON.parse(readFileSync(join(dist, 'sha256.json'), 'utf8')) as Record<string, unknown>;
    } catch {
      hashes = {};
    }
    lists.set(dist, hashes);
  }
  const known = hashes[relative(dist, file).split(sep).join('/')];
  if (typeof known === 'string' && /^[0-9a-f]{64}$/.test(known)) return known;
  // Hashing here costs more than a cache saves (~6 ms for node:crypto): only with the source at hand.
  if (source === undefined) return undefined;
  return process.getBuiltinModule('node:crypto').createHash('sha256').update(source).digest('hex');
}

const keys = new Map<string, string>();

/**
 * A dist/ file's build: its SHA-256 (the first 32 digits), size and mtime (a build stopped
 * half-way leaves the old list, whose hashes then name no file of this size and mtime).
 * Without `source`, undefined when the build's list lacks the file. Throws when there is no
 * such file.
 */
export function buildKey(dist: string, file: string, source?: Uint8Array | string): string | undefined {
  let key = keys.get(file);
  if (key === undefined) {
    const stat = statSync(file);
    const hash = contentHash(dist, file, source);
    if (hash === undefined) return undefined;
    key = `${hash.slice(0, 32)}-${stat.size}-${Math.floor(stat.mtimeMs)}`;
    keys.set(file, key);
  }
  return key;
}

/** A build key's pattern, as part of a cache file's name. */
export const BUILD_KEY = '[0-9a-f]{32}-\\d+-\\d+';
