import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cleanEnv, runMon } from './harness';

const CRASH = fileURLToPath(new URL('../fixtures/throw-on-output.cjs', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const WHERE = `mon ${version}, Node.js ${process.version}, ${process.platform}-${process.arch}`;

/** `src/<file>.ts:LINE` frames of a stack (absolute paths: the map's sources resolve next to dist/). */
function sourceFrames(stderr: string): { file: string; line: number }[] {
  return [...stderr.matchAll(/\bat .*?[/\\](src[/\\][\w/\\.-]+\.ts):(\d+):\d+\)?$/gm)].map((match) => ({
    file: match[1]!.replace(/\\/g, '/'),
    line: Number(match[2]),
  }));
}

describe('an unexpected error', () => {
  it('says what a report needs (version, Node.js, platform, where to report) and how to see more', async () => {
    const env = cleanEnv({ NODE_OPTIONS: `--require ${CRASH}` });
    // A flag: mon renders this help itself (bin/mon.js prints a plain one it kept, from the cache).
    const result = await runMon(['runtimes', '--help', '--no-color'], { env });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `error: a forced internal error\nThis is unexpected (${WHERE}): run the command again with --debug and report it to the mon maintainers with that output.\n`,
    );
  });

  it.each([
    ['--debug', ['--debug', 'config', 'list'], {}],
    ['MON_DEBUG=1', ['config', 'list'], { MON_DEBUG: '1' }],
  ])('with %s, prints a stack that names the src/*.ts lines, not the bundle', async (_name, args, extra) => {
    const env = cleanEnv({ NODE_OPTIONS: `--require ${CRASH}`, ...extra });
    const result = await runMon(args, { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: a forced internal error\nError: a forced internal error\n {4}at /);
    expect(result.stderr).toContain(
      `This is unexpected (${WHERE}): please report it to the mon maintainers with this output.\n`,
    );
    expect(result.stderr).not.toMatch(/mon\.cjs:\d+/);
    const frames = sourceFrames(result.stderr);
    // The frame that wrote to stdout is Output's write (descriptor.ts): check the line it names really is that call.
    const io = frames.find((frame) => frame.file === 'src/descriptor.ts');
    expect(io, result.stderr).toBeDefined();
    const root = fileURLToPath(new URL('../..', import.meta.url));
    expect(existsSync(`${root}/${io!.file}`)).toBe(true);
    const line = readFileSync(`${root}/${io!.file}`, 'utf8').split('\n')[io!.line - 1];
    expect(line).toMatch(/\.writeSync\(this\.fd, |\.stream\.write\(/);
    // The run function is a noun's code, moved into its group's function (scripts/groups.mjs): its line too.
    const run = frames.find((frame) => frame.file === 'src/commands/config/list.ts');
    expect(run, result.stderr).toBeDefined();
    expect(readFileSync(`${root}/${run!.file}`, 'utf8').split('\n')[run!.line - 1]).toMatch(/showRecord\(ctx, /);
  });

  it('in the rarely used code (dist/rare.cjs, its own map): the stack names its src/*.ts lines too', async () => {
    const env = cleanEnv({ NODE_OPTIONS: `--require ${CRASH}` });
    const result = await runMon(['--debug', 'schema', 'runtimes', 'list'], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: a forced internal error\nError: a forced internal error\n {4}at /);
    expect(result.stderr).not.toMatch(/(mon|rare)\.cjs:\d+/);
    const schema = sourceFrames(result.stderr).find((frame) => frame.file === 'src/commands/schema/schema.ts');
    expect(schema, result.stderr).toBeDefined();
    const root = fileURLToPath(new URL('../..', import.meta.url));
    expect(readFileSync(`${root}/${schema!.file}`, 'utf8').split('\n')[schema!.line - 1]).toMatch(/printJson\(/);
  });
});
