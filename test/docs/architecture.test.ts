import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** docs/ARCHITECTURE.md's "Where everything is": each folder it names (relative to src/, `/` at the end) and the files named on its lines. */
function mapOfSrc(): Map<string, string[]> {
  const doc = readFileSync('docs/ARCHITECTURE.md', 'utf8');
  const section = doc.slice(doc.indexOf('\n## Where everything is'));
  const block = section.slice(section.indexOf('```\n') + 4, section.indexOf('\n```', section.indexOf('```\n') + 4));
  const folders = new Map<string, string[]>();
  let current = '';
  for (const line of block.split('\n')) {
    const folder = /^(\S+\/)\s/.exec(line)?.[1];
    if (folder) folders.set((current = folder === 'src/' ? '' : folder), []);
    folders.get(current)!.push(...(line.match(/[\w.-]+\.ts\b/g) ?? []));
  }
  return folders;
}

/** Every folder under src/, any depth, relative to it ('' for src/ itself). */
function foldersOfSrc(dir = 'src', prefix = ''): string[] {
  return [
    prefix,
    ...readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) => foldersOfSrc(join(dir, entry.name), `${prefix}${entry.name}/`)),
  ];
}

describe('docs/ARCHITECTURE.md', () => {
  const described = mapOfSrc();
  // `commands/<noun>/` and `commands/<noun>/shared/` describe the pattern, not a folder.
  const named = [...described.keys()].filter((folder) => !folder.includes('<'));

  it('names every folder of src/, at any depth', () => {
    expect(foldersOfSrc().filter((folder) => !described.has(folder))).toEqual([]);
  });

  it('names no folder that is not there', () => {
    expect(named.filter((folder) => !existsSync(join('src', folder)))).toEqual([]);
  });

  it('names no file that is not where it says', () => {
    const missing = named.flatMap((folder) =>
      described
        .get(folder)!
        .filter((file) => !existsSync(join('src', folder, file)))
        .map((file) => `${folder}${file}`),
    );
    expect(missing).toEqual([]);
  });
});
