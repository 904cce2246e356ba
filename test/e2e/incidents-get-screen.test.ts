/**
 * `mon incidents get` on a real terminal (the screen harness, 80x24): the incident's timeline
 * as its subscribers read it, in the status page's words and order, newest first, each
 * message wrapped to the width under its entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMon, startSandbox, type SandboxProcess } from './harness';
import { openScreen, overWidth, requireScreen } from './screen';

const UPDATES = [
  ['investigating', 'Card payments fail for some customers; we are looking into it and will post again soon.'],
  ['identified', 'A bad deploy of the payment gateway: it is being rolled back, region by region, now.'],
  ['monitoring', 'Rolled back; payments work again and we are watching the error rates closely.'],
] as const;

let sandbox: SandboxProcess;
let id: string;
beforeAll(async () => {
  sandbox = await startSandbox();
  const mon = async (args: string[]) => {
    const result = await runMon(args, { env: sandbox.env() });
    expect(result.code, result.stderr).toBe(0);
    return result.stdout.trim();
  };
  const [[, first], ...rest] = UPDATES;
  id = await mon(
    ['incidents', 'create', '--name', 'Card payments failing', '--severity', 'major'].concat([
      '--service',
      'Checkout',
      '--message',
      first,
    ]),
  );
  for (const [status, message] of rest) await mon(['incidents', 'update', id, '-s', status, '-m', message]);
});
afterAll(() => sandbox?.stop());

/** The page's entries of the timeline: word, time (without "(5m ago)"), message. */
async function pageTimeline(): Promise<string[][]> {
  const html = await (await fetch(`${sandbox.url}/status/acme-payments`)).text();
  const entries = html.matchAll(
    /<li><p><span class="word">([^<]*)<\/span> · <time[^>]*>([^<(]*)\([^<]*<\/time><\/p><p class="message">([^<]*)<\/p><\/li>/g,
  );
  return [...entries].map(([, word, when, message]) => [word!, when!.trim(), message!]);
}

describe('mon incidents get on a terminal', () => {
  it('shows the timeline as the status page does: the same words and order, newest first, wrapped', async (context) => {
    requireScreen(context);
    const screen = await openScreen(['incidents', 'get', id], sandbox.env());
    const { code } = await screen.done();
    expect(code).toBe(0);
    const history = screen.history();
    expect(overWidth(history, 80)).toEqual([]);
    const start = history.findIndex((line) => line === 'Timeline, as subscribers read it (3 updates, newest first):');
    expect(start).toBeGreaterThan(0);
    // Each entry: "  Word · time (ago)", its message (rows indented 4), then the update's ID.
    const entries: string[][] = [];
    for (let i = start + 1; i < history.length; i++) {
      const head = /^ {2}(\w+) · ([^(]*)\(/.exec(history[i]!);
      if (!head) continue;
      const message: string[] = [];
      for (i += 1; !history[i]!.startsWith('    update '); i++) {
        expect(history[i]).toMatch(/^ {4}\S/);
        message.push(history[i]!.trim());
      }
      entries.push([head[1]!, head[2]!.trim(), message.join(' ')]);
    }
    expect(entries.map(([word, , message]) => [word, message])).toEqual(
      UPDATES.map(([status, message]) => [status[0]!.toUpperCase() + status.slice(1), message]).reverse(),
    );
    // The messages are longer than a row: each was wrapped under its entry.
    expect(history.filter((line) => /^ {4}\S/.test(line) && !line.startsWith('    update ')).length).toBeGreaterThan(3);
    expect(entries).toEqual(await pageTimeline());
  });
});
