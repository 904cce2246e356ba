import { describe, expect, it } from 'vitest';
import { cssColor, escapeHtml, html, httpUrl, multiline, trusted } from '../../src/text/html';

/*
 * Text into HTML (the sandbox's status pages): whatever a hostile name holds, it reads as
 * text. The browser's side of it (the DOM shows the text, no script runs) is
 * test/e2e/status-page-browser.test.ts.
 */

describe('escapeHtml: every string from the store is text in a page', () => {
  it.each([
    ['a script element', '<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['an attribute breaker (double quotes)', '" onmouseover="alert(1)', '&quot; onmouseover=&quot;alert(1)'],
    ['an attribute breaker (single quotes)', "' autofocus onfocus='x", '&#39; autofocus onfocus=&#39;x'],
    ['an entity written out', '&lt;b&gt;', '&amp;lt;b&amp;gt;'],
    ['a closing style', '</style><img src=x>', '&lt;/style&gt;&lt;img src=x&gt;'],
    ['a right-to-left override (Cf) shown, not obeyed', 'Pay\u202Emoc.lapyap', 'Pay\\u202emoc.lapyap'],
    ['a zero-width space (Cf) shown', 'Payments\u200B down', 'Payments\\u200b down'],
    ['a control character shown', 'bell\u0007', 'bell\\x07'],
    ['a newline in a name shown', 'two\nlines', 'two\\nlines'],
    ['plain text as it is', 'Public API: all good', 'Public API: all good'],
    ['letters beyond ASCII as they are', 'Zürich 東京 ✓', 'Zürich 東京 ✓'],
  ])('%s', (_what, text, escaped) => {
    expect(escapeHtml(text)).toBe(escaped);
  });

  it('a message keeps its newlines (the page shows them) and escapes the rest', () => {
    expect(multiline('Rolled back.\n<b>Watching</b>\u202E').value).toBe(
      'Rolled back.\n&lt;b&gt;Watching&lt;/b&gt;\\u202e',
    );
  });
});

describe('html: values are escaped unless html made them', () => {
  it('escapes strings and numbers, keeps what html made, joins arrays, drops null/undefined/false', () => {
    const name = '<img src=x onerror=alert(1)>';
    const made = html`<li>${name}</li>`;
    expect(made.value).toBe('<li>&lt;img src=x onerror=alert(1)&gt;</li>');
    expect(html`<ul>${[made, html`<li>${2}</li>`]}${null}${undefined}${false}</ul>`.value).toBe(
      '<ul><li>&lt;img src=x onerror=alert(1)&gt;</li><li>2</li></ul>',
    );
  });

  it('an attribute value cannot be left: its quotes are entities', () => {
    expect(html`<img alt="${'x" onerror="alert(1)'}">`.value).toBe('<img alt="x&quot; onerror=&quot;alert(1)">');
  });

  it('a string that looks like HTML made elsewhere is still escaped; only trusted() constants pass', () => {
    expect(html`${'<b>'}`.value).toBe('&lt;b&gt;');
    expect(html`${trusted('<b>')}`.value).toBe('<b>');
  });
});

describe('httpUrl: only absolute http(s) URLs, as the parser writes them', () => {
  it.each([
    ['javascript:alert(1)', undefined],
    ['JavaScript:alert(1)', undefined],
    [' javascript:alert(1)', undefined],
    ['java\tscript:alert(1)', undefined],
    ['data:image/svg+xml,<svg onload=alert(1)>', undefined],
    ['vbscript:msgbox', undefined],
    ['/relative/logo.png', undefined],
    ['//evil.example/logo.png', undefined],
    ['', undefined],
    [null, undefined],
    ['https://cdn.example.com/logo.png', 'https://cdn.example.com/logo.png'],
    ['http://cdn.example.com/a b".png', 'http://cdn.example.com/a%20b%22.png'],
    ['https://cdn.example.com/x.png?a=<script>', 'https://cdn.example.com/x.png?a=%3Cscript%3E'],
  ])('%j → %j', (given, expected) => {
    expect(httpUrl(given)).toBe(expected);
  });
});

describe('cssColor: a colour or nothing, never the end of a rule', () => {
  it.each([
    ['#0F172A', '#0F172A'],
    ['#fff', '#fff'],
    ['#11223344', '#11223344'],
    ['white', 'white'],
    ['red;}</style><script>alert(1)</script>', undefined],
    ['#fff;background:url(https://evil.example)', undefined],
    ['expression(alert(1))', undefined],
    ['#12', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%j → %j', (given, expected) => {
    expect(cssColor(given)).toBe(expected);
  });
});
