import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { hasCommand as untypedHasCommand, LATER as UNTYPED_LATER } from '../../../scripts/bench/cases.mjs';

const hasCommand = untypedHasCommand as (node: string, bin: string, words: string[], env: NodeJS.ProcessEnv) => boolean;
const LATER = UNTYPED_LATER as { id: string; words: string[]; floor: string[] }[];

const BIN = fileURLToPath(new URL('../../../bin/mon.js', import.meta.url));
const env = { PATH: process.env.PATH, HOME: '/nonexistent', MON_NO_INPUT: '1' };

// `npm run bench` measures `checks list` and `mon status` once this mon has them (issues 28, 29).
describe('the bench cases of commands other branches add', () => {
  it('a command of this mon is found; a noun without that verb, and a word that is no command, are not', () => {
    expect(hasCommand(process.execPath, BIN, ['incidents', 'list'], env)).toBe(true);
    expect(hasCommand(process.execPath, BIN, ['incidents', 'frobnicate'], env)).toBe(false);
    expect(hasCommand(process.execPath, BIN, ['frobnicate'], env)).toBe(false);
  });

  it('lists checks list and status, each with a floor of its own requests', () => {
    expect(LATER.map((entry) => entry.words.join(' '))).toEqual(['checks list', 'status']);
    expect(LATER.find((entry) => entry.id === 'status')!.floor).toHaveLength(3);
  });
});
