/**
 * The screen harness itself (screen.ts): what it reports is what a terminal of that size shows.
 */
import { describe, expect, it } from 'vitest';
import { cleanEnv } from './harness';
import { openScreen, overWidth, requireScreen } from './screen';

const node = (code: string) => ({ command: [process.execPath, '-e', code] });

describe('the screen harness', () => {
  it('gives the program a terminal of the size asked for, and reads the rendered screen back', async (context) => {
    requireScreen(context);
    const screen = await openScreen(
      [],
      cleanEnv(),
      { columns: 40, rows: 10 },
      node(
        "process.stdout.write(`${process.stdout.columns}x${process.stdout.rows} ${process.stdout.isTTY}\\n`); process.stdout.write('a\\rb\\x1b[Kc\\n'); process.exitCode = 3",
      ),
    );
    const { code, screen: last } = await screen.done();
    expect(code).toBe(3);
    // The carriage return and the erase were rendered, not kept as bytes.
    expect(last).toEqual(['40x10 true', 'bc']);
  });

  it('tells a line that wrapped from one that fits, and reports a death by signal', async (context) => {
    requireScreen(context);
    const screen = await openScreen(
      [],
      cleanEnv(),
      { columns: 20, rows: 5 },
      node("console.log('x'.repeat(20)); console.log('y'.repeat(21)); setTimeout(() => {}, 60000)"),
    );
    await screen.waitFor('yyyy');
    expect(overWidth(screen.history(), 20)).toEqual(['y'.repeat(21)]);
    screen.kill('SIGTERM');
    const { code, signal } = await screen.done();
    expect(code).toBeNull();
    expect(signal).toBe('SIGTERM');
  });

  it('types keystroke by keystroke into a program reading the terminal', async (context) => {
    requireScreen(context);
    const screen = await openScreen(
      [],
      cleanEnv(),
      { columns: 80, rows: 24 },
      node(
        "process.stdin.setRawMode(true); let got=''; process.stdout.write('ready\\n'); process.stdin.on('data', (d) => { got += d; if (got.includes('\\r')) { console.log(JSON.stringify(got)); process.exit(0); } })",
      ),
    );
    await screen.waitFor('ready');
    await screen.type('hé y');
    await screen.press('Tab', 'Enter');
    const { code, screen: last } = await screen.done();
    expect(code).toBe(0);
    expect(last.at(-1)).toBe('"hé y\\t\\r"');
  });
});

describe('mon on the screen harness', () => {
  it('Ctrl-C at a prompt reaches mon (not the harness): exit 130 and "Cancelled." on the last screen', async (context) => {
    requireScreen(context);
    const screen = await openScreen(['auth', 'login'], cleanEnv());
    await screen.waitFor('?');
    await screen.press('C-c');
    const { code, screen: last } = await screen.done();
    expect(code).toBe(130);
    expect(last.join('\n')).toContain('Cancelled.');
  });
});
