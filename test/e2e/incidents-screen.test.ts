/**
 * `mon incidents` on a real terminal (the screen harness): a slow answer's spinner, lines that
 * fit 80 columns without a word split, and times read against the server's clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, runMon, startSandbox, type SandboxProcess } from './harness';
import { hostileServer, type Hostile } from './hostile';
import { openScreen, overWidth, requireScreen } from './screen';

const NAME = 'Checkout errors on the payment page for customers paying with European cards';
const MESSAGE =
  'The payment provider found a faulty certificate on their European gateway; payments by card fail ' +
  'for about a third of customers, and a replacement certificate is being rolled out region by region.';

let sandbox: SandboxProcess;
let incidentId: string;
let updateId: string;
beforeAll(async () => {
  sandbox = await startSandbox();
  const created = await runMon(
    ['incidents', 'create', '--name', NAME, '--severity', 'major', '--service', 'Checkout', '--message', MESSAGE],
    { env: sandbox.env() },
  );
  expect(created.code, created.stderr).toBe(0);
  incidentId = created.stdout.trim();
  const { body } = await sandbox.call('GET', `/v1/status-pages/incidents/${incidentId}`);
  updateId = (body as { incidentUpdates: { id: string }[] }).incidentUpdates[0]!.id;
});
afterAll(() => sandbox?.stop());

/** The words of `text` that the terminal did not show whole (punctuation around a word aside). */
function wordsSplit(history: string[], text: string): string[] {
  const bare = (word: string) => word.replace(/^["'(]+|["'):.,;]+$/g, '');
  const shown = new Set(history.join('\n').split(/\s+/).map(bare));
  return text.split(/\s+/).filter((word) => !shown.has(bare(word)));
}

/**
 * A server in front of the sandbox that holds every answer until the test lets it go: the
 * spinner is on the screen for as long as the test needs, whatever the machine's speed.
 */
async function holding(target: SandboxProcess): Promise<Hostile & { release(): void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = await hostileServer((req, res) => {
    void (async () => {
      const answer = await fetch(target.url + req.url!, {
        method: req.method,
        headers: { authorization: String(req.headers.authorization), 'x-service-account': target.info.accountId },
      });
      const text = await answer.text();
      await released;
      res.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
        date: answer.headers.get('date') ?? new Date().toUTCString(),
      });
      res.end(text);
    })();
  });
  return { ...server, release };
}

describe('a slow answer at 40, 80 and 120 columns', () => {
  for (const columns of [40, 80, 120]) {
    it(`shows one spinner row at ${columns} columns and leaves nothing of it behind`, async (context) => {
      requireScreen(context);
      const held = await holding(sandbox);
      try {
        // Both IDs whole: the longest path mon waits for (135 characters with its label).
        const screen = await openScreen(
          ['incidents', 'updates', 'get', incidentId, updateId],
          cleanEnv({
            MON_BASE_URL: held.url,
            MON_API_KEY: sandbox.info.apiKey,
            MON_ACCOUNT_ID: sandbox.info.accountId,
          }),
          { columns, rows: 24 },
        );
        await screen.waitFor(/^. Waiting/m);
        const waiting = screen.lines().filter((line) => line.includes('Waiting'));
        expect(waiting).toHaveLength(1);
        expect([...waiting[0]!].length).toBeLessThan(columns);
        expect(screen.lines()).toHaveLength(1);
        held.release();
        const { code } = await screen.done();
        expect(code).toBe(0);
        const history = screen.history();
        expect(history.join('\n')).toContain('Published:');
        expect(history.filter((line) => /Waiting|[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/.test(line))).toEqual([]);
        expect(overWidth(history, columns)).toEqual([]);
      } finally {
        await held.close();
      }
    });
  }
});

describe('every line fits 80 columns, no word split', () => {
  it('incidents get: the details and the timeline', async (context) => {
    requireScreen(context);
    const screen = await openScreen(['incidents', 'get', incidentId], sandbox.env());
    const { code } = await screen.done();
    expect(code).toBe(0);
    const history = screen.history();
    expect(overWidth(history, 80)).toEqual([]);
    expect(wordsSplit(history, `${NAME} ${MESSAGE} ${incidentId}`)).toEqual([]);
    // The timeline's message continues under its first row.
    const first = history.findIndex((line) => line.includes('The payment provider'));
    expect(history[first]).toMatch(/^ {4}The payment provider/);
    expect(history[first + 1]).toMatch(/^ {4}\S/);
  });

  it('incidents update: the result line, with the name and the status whole', async (context) => {
    requireScreen(context);
    const screen = await openScreen(
      ['incidents', 'update', incidentId, '--status', 'identified', '--message', MESSAGE],
      sandbox.env(),
    );
    const { code } = await screen.done();
    expect(code).toBe(0);
    const history = screen.history();
    expect(overWidth(history, 80)).toEqual([]);
    expect(wordsSplit(history, `${NAME} IDENTIFIED (was INVESTIGATING). Subscribers were not notified.`)).toEqual([]);
    expect(history[0]).toMatch(/^✓ Posted an update to "Checkout errors/);
    // The rows after the first continue under its text, not under the tick.
    expect(history[1]).toMatch(/^ {2}\S/);
  });
});

describe('pickers at 80 columns', () => {
  it("an incident's item continues under its text, and nothing is wider than the screen", async (context) => {
    requireScreen(context);
    const screen = await openScreen(['incidents', 'update'], sandbox.env());
    await screen.waitFor('Which open incident?');
    await screen.waitFor(/· started /);
    const shown = screen.lines();
    const first = shown.findIndex((line) => line.startsWith('❯ Checkout errors on the payment page'));
    expect(first, shown.join('\n')).toBeGreaterThan(-1);
    expect(shown[first + 1]).toMatch(/^ {2}\S/);
    expect(wordsSplit(shown, `${NAME} · MAJOR ·`)).toEqual([]);
    expect(overWidth(screen.history(), 80)).toEqual([]);
    await screen.press('C-c');
    expect((await screen.done()).code).toBe(130);
  });
});

describe('relative times by the server clock', () => {
  it('after `mon sandbox clock advance 2h`, an incident opened before says "2h ago", never "in ..."', async (context) => {
    requireScreen(context);
    const opened = await runMon(
      // Started 5 minutes ago: 2h 5m ago once the clock moved, "2h ago" whatever the rounding.
      [
        'incidents',
        'create',
        '--name',
        'Before the clock moved',
        '--severity',
        'minor',
        '--service',
        'Payouts',
        '-m',
        'x',
        '--date',
        '5m',
      ],
      { env: sandbox.env() },
    );
    expect(opened.code, opened.stderr).toBe(0);
    const advanced = await runMon(['sandbox', 'clock', 'advance', '2h'], { env: sandbox.env() });
    expect(advanced.code, advanced.stderr).toBe(0);
    const screen = await openScreen(['incidents', 'list'], sandbox.env(), { columns: 120, rows: 24 });
    const { code } = await screen.done();
    expect(code).toBe(0);
    const row = screen.history().find((line) => line.includes('Before the clock moved'));
    expect(row).toMatch(/\b2h ago\b/);
    expect(screen.history().join('\n')).not.toMatch(/\bin \d+[smhd]\b/);
  });
});
