/**
 * What the start-up reads of a command line (src/start/command-line.ts): the bundle's own
 * reading (core/flags/read.ts's readEarly), whether jq's engine may run, and the name a command's code
 * caches are kept under.
 */
import { describe, expect, it } from 'vitest';
import { commandName, isCommandWord, lineFacts } from '../../src/start/command-line';
import { expectSameAs } from '../text/same-as';

const facts = (line: string[], env: NodeJS.ProcessEnv = {}) => lineFacts(line, env);

describe('the start-up reading of a command line', () => {
  it("is the bundle's: a global flag's value is no command word, and MON_DEBUG is --debug", () => {
    expect(facts(['--profile', 'config', 'incidents', 'list', '--json'])).toEqual({
      debug: false,
      help: false,
      json: true,
      jq: false,
      words: ['incidents', 'list'],
    });
    expect(facts(['help', 'incidents'])).toMatchObject({ help: true, words: ['help', 'incidents'] });
    expect(facts(['runtimes'], { MON_DEBUG: '1' }).debug).toBe(true);
    expect(facts(['runtimes'], { MON_DEBUG: '0' }).debug).toBe(false);
  });

  it.each([
    [['incidents', 'list', '--jq', '.entries'], true],
    [['incidents', 'list', '--jq=.entries'], true],
    [['-q', '.entries', 'incidents', 'list'], true],
    // The letters of a group are all its first letter's command's, as commander reads them: -y
    // is no global flag, so this q is not jq's (the line is refused as an unknown option).
    [['incidents', 'list', '-yq', '.[0]'], false],
    [['incidents', 'list', '-q.[0]'], true],
    [['incidents', 'list', '--json'], false],
    [['heartbeats', 'exec', 'TOKEN', '--', 'jq', '--jq', '.'], false],
  ])('%j: jq may run: %s', (line, jq) => {
    expect(facts(line).jq).toBe(jq);
  });

  it.each([
    [['incidents', 'list'], 'incidents.list'],
    [['incidents', 'list', '--json'], 'incidents.list.json'],
    [['incidents', 'list', '-q', '.'], 'incidents.list.json'],
    [['incidents', '--help'], 'incidents.help'],
    [['help', 'incidents', 'update'], 'help.incidents.help'],
    [['api', '/v1/checks'], 'api'],
    [['incidents', 'get', '3f0c2a9e'], 'incidents.get'],
    [[], 'mon'],
    [['--version', '--json'], 'mon.json'],
    [['NOPE'], 'mon'],
  ])('%j runs as %s', (line, name) => {
    expect(commandName(facts(line))).toBe(name);
  });
});

describe('a command word, as the regular expression it replaced read one', () => {
  it('isCommandWord is /^[a-z][a-z-]{0,39}$/', () => {
    const old = (word: string) => /^[a-z][a-z-]{0,39}$/.test(word);
    const cases = ['', 'a', '-', 'a-', '-a', 'A', 'incidents', 'create-dns', '/v1/x', 'a1', 'é', `a${'b'.repeat(39)}`];
    expectSameAs(isCommandWord, old, [...cases, `a${'b'.repeat(40)}`, `a${'-'.repeat(39)}`, 'ab\u{1f600}']);
    expectSameAs(isCommandWord, old, cases, {
      chars: ['a', 'z', '-', '`', '{', 'A', '0', '_', ' ', 'é'],
      maxLength: 44,
    });
  });
});
