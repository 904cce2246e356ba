import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { has, requireTool } from '../tools';
import { runMon, startSandbox, type SandboxProcess } from './harness';

/*
 * The status page in a real browser (headless Chromium, Debian's chromium-headless-shell,
 * driven by playwright-core; axe-core injected for accessibility): what mon posts is what a
 * subscriber reads, hostile names stay text, the themes apply, and it fits a phone. One
 * browser and one sandbox for the file. Screenshots and axe's result are written to
 * test-results/status-page/ for a reviewer. (The HTML without a browser:
 * test/sandbox/pages/render.test.ts.)
 */

const CHROMIUM = 'chromium-headless-shell';
const INSTALL = 'apt-get install chromium-headless-shell';
const OUT = fileURLToPath(new URL('../../test-results/status-page/', import.meta.url));
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/*
 * The browser's globals, as the functions run in the page use them (the suite is typed for
 * Node.js, without the DOM library; these declarations are this file's own).
 */
interface Node {
  textContent: string | null;
  querySelector(selector: string): Node | null;
  querySelectorAll(selector: string): Iterable<Node>;
  closest(selector: string): Node | null;
  getAttribute(name: string): string | null;
}
declare const document: Node & { documentElement: { scrollWidth: number; clientWidth: number } };
declare const window: Record<string, unknown>;
declare function getComputedStyle(element: Node): { backgroundColor: string; color: string };

const present = has(CHROMIUM);
let browser: Browser | undefined;
let sandbox: SandboxProcess;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  sandbox = await startSandbox();
  if (!present) return;
  const { chromium } = await import('playwright-core');
  const executablePath = spawnSync('sh', ['-c', `command -v ${CHROMIUM}`], { encoding: 'utf8' }).stdout.trim();
  browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    // A fresh profile: playwright gives each launch its own temporary user-data-dir.
  });
  mkdirSync(OUT, { recursive: true });
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await sandbox?.stop();
});

/** A tab on `path` of the sandbox (a fresh context: its own viewport and colour scheme). */
async function open(path: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser!.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  contexts.push(context);
  const page = await context.newPage();
  const response = await page.goto(`${sandbox.url}${path}`);
  expect(response?.status()).toBe(200);
  return page;
}

/** mon, as a user runs it against the sandbox: what it printed (exit 0). */
async function mon(args: string[]): Promise<string> {
  const result = await runMon(args, { env: sandbox.env() });
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}

/** The incident as `mon incidents get ID --json` prints it. */
const incident = async (id: string) =>
  JSON.parse(await mon(['incidents', 'get', id, '--json'])) as {
    incidentUpdates: { publicIncidentUpdateDate: string }[];
  };

/** What a subscriber reads of one incident on the page, from the rendered DOM. */
function readIncident(page: Page, name: string) {
  return page.evaluate((name) => {
    const article = [...document.querySelectorAll('article.incident')].find(
      (element) => element.querySelector('h3')?.textContent === name,
    );
    if (!article) return undefined;
    return {
      section: article.closest('section')?.querySelector('h2')?.textContent,
      status: article.querySelector('.status')?.textContent,
      timeline: [...article.querySelectorAll('.timeline li')].map((entry) => ({
        word: entry.querySelector('.word')?.textContent,
        datetime: entry.querySelector('time')?.getAttribute('datetime'),
        message: entry.querySelector('.message')?.textContent,
      })),
    };
  }, name);
}

/** Each service's name and the state the page shows for it. */
const serviceStates = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('.services li')].map((entry) => [
        entry.querySelector('.service')?.textContent,
        entry.querySelector('.state')?.textContent,
      ]),
    ),
  );

/** Background and text colours of an element, as computed. */
const colours = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const style = getComputedStyle(document.querySelector(selector)!);
    return { background: style.backgroundColor, color: style.color };
  }, selector);

describe('the status page in a browser', () => {
  it('shows what mon posted as a subscriber reads it: created, updated, resolved', async (context) => {
    requireTool(context, CHROMIUM, { present, install: INSTALL });
    const id = (
      await mon([
        'incidents',
        'create',
        '--name',
        'Card payments failing',
        '--severity',
        'MAJOR',
        '--service',
        'Checkout',
        '--message',
        'Card payments fail for some customers.',
      ])
    ).trim();
    await mon(['incidents', 'update', id, '-s', 'identified', '-m', 'A bad deploy; rolling back.']);
    const page = await open('/status/acme-payments');
    const newest = (await incident(id)).incidentUpdates
      .map((update) => update.publicIncidentUpdateDate)
      .sort()
      .reverse();
    expect(await readIncident(page, 'Card payments failing')).toEqual({
      section: 'Open incidents',
      status: 'Identified',
      timeline: [
        { word: 'Identified', datetime: newest[0], message: 'A bad deploy; rolling back.' },
        { word: 'Investigating', datetime: newest[1], message: 'Card payments fail for some customers.' },
      ],
    });
    expect(await serviceStates(page)).toEqual({ Checkout: 'Major outage', Payouts: 'Operational' });
    expect(await page.textContent('.overall')).toBe('Major outage: 1 open incident');

    await mon(['incidents', 'resolve', id, '-m', 'Rolled back; payments work again.']);
    await page.reload();
    expect(await readIncident(page, 'Card payments failing')).toMatchObject({
      section: 'Resolved in the last 7 days',
      status: 'Resolved',
      timeline: [{ word: 'Resolved', message: 'Rolled back; payments work again.' }, {}, {}],
    });
    expect(await serviceStates(page)).toEqual({ Checkout: 'Operational', Payouts: 'Operational' });
    expect(await page.textContent('.overall')).toBe('All systems operational');
  });

  it('an incident named with HTML and script shows the name as text, and no script runs', async (context) => {
    requireTool(context, CHROMIUM, { present, install: INSTALL });
    const name = `<script>window.pwned = 'script'</script><img src=x onerror="window.pwned = 'img'">"'&`;
    const message = `<b onmouseover="window.pwned = 'b'">bold?</b> <a href="javascript:window.pwned = 'a'">link</a>`;
    await mon([
      'incidents',
      'create',
      '--name',
      name,
      '--severity',
      'MINOR',
      '--service',
      'Payouts',
      '--message',
      message,
    ]);
    // The page's policy runs no script at all; bypassed here, so that only the escaping protects.
    const page = await open('/status/acme-payments', { bypassCSP: true });
    expect(await readIncident(page, name)).toMatchObject({ section: 'Open incidents', timeline: [{ message }] });
    await page.hover('.message');
    expect(await page.evaluate(() => window.pwned)).toBeUndefined();
    expect(
      await page.$$eval('script, img, a[href^="javascript:"], [onerror], [onmouseover]', (found) => found.length),
    ).toBe(0);
    expect(await serviceStates(page)).toMatchObject({ Payouts: 'Degraded performance' });
  });

  it('applies its theme: DARK as set, AUTO following the reader, light cards never with light text', async (context) => {
    requireTool(context, CHROMIUM, { present, install: INSTALL });
    // Acme Payments is seeded DARK: dark whatever the reader prefers.
    const dark = await open('/status/acme-payments', { colorScheme: 'light' });
    expect(await colours(dark, 'body')).toEqual({ background: 'rgb(11, 17, 32)', color: 'rgb(226, 232, 240)' });
    expect(await colours(dark, '.card')).toMatchObject({ background: 'rgb(30, 41, 59)' });
    expect(await colours(dark, '.service')).toMatchObject({ color: 'rgb(226, 232, 240)' });
    // Acme Cloud is AUTO: light for a reader who prefers light, dark for one who prefers dark.
    const light = await open('/status/acme-cloud', { colorScheme: 'light' });
    expect(await colours(light, 'body')).toEqual({ background: 'rgb(255, 255, 255)', color: 'rgb(30, 41, 59)' });
    expect(await colours(light, '.card')).toMatchObject({ background: 'rgb(248, 250, 252)' });
    const auto = await open('/status/acme-cloud', { colorScheme: 'dark' });
    expect(await colours(auto, 'body')).toEqual({ background: 'rgb(11, 17, 32)', color: 'rgb(226, 232, 240)' });
  });

  it('has no serious or critical accessibility violations (axe-core), light and dark', async (context) => {
    requireTool(context, CHROMIUM, { present, install: INSTALL });
    await mon([
      'incidents',
      'create',
      '--name',
      'Slow API',
      '--severity',
      'MEDIUM',
      '--service',
      'Public API',
      '--message',
      'Slow answers.',
    ]);
    const results: Record<string, unknown> = {};
    for (const [label, path, scheme] of [
      ['acme-payments (dark)', '/status/acme-payments', 'light'],
      ['acme-cloud (light)', '/status/acme-cloud', 'light'],
      ['acme-cloud (auto, reader prefers dark)', '/status/acme-cloud', 'dark'],
      ['index', '/status/', 'light'],
    ] as const) {
      const page = await open(path, { colorScheme: scheme });
      // Evaluated by the browser's devtools protocol, which the page's policy does not block.
      await page.evaluate(AXE);
      const result = await page.evaluate(() =>
        (window.axe as { run(): Promise<{ violations: unknown[]; passes: unknown[] }> }).run(),
      );
      const violations = result.violations as { id: string; impact: string; nodes: unknown[] }[];
      results[label] = {
        passes: result.passes.length,
        violations: violations.map((violation) => ({
          id: violation.id,
          impact: violation.impact,
          nodes: violation.nodes.length,
        })),
      };
      expect(
        violations.filter((violation) => ['serious', 'critical'].includes(violation.impact)),
        label,
      ).toEqual([]);
    }
    writeFileSync(join(OUT, 'axe.json'), `${JSON.stringify(results, null, 2)}\n`);
  });

  it('fits a desktop and a 390-pixel phone without sideways scrolling (screenshots for a reviewer)', async (context) => {
    requireTool(context, CHROMIUM, { present, install: INSTALL });
    for (const [file, viewport] of [
      ['desktop-1280x800.png', { width: 1280, height: 800 }],
      ['phone-390x844.png', { width: 390, height: 844 }],
    ] as const) {
      const page = await open('/status/acme-payments', { viewport });
      const size = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(size.scrollWidth, file).toBeLessThanOrEqual(size.clientWidth);
      await page.screenshot({ path: join(OUT, file), fullPage: true });
    }
  });
});
