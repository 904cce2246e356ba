import { SERVICE_STATES } from '../../api/subscribers';
import { html, multiline, trusted, type SafeHtml } from '../../text/html';
import { THEME_FIELDS, type IncidentView, type PageView, type Palette } from './view';

/*
 * A status page as HTML, from a view (view.ts): pure functions, no server, no script. The
 * page works without JavaScript (it has none), fits a 390-pixel phone without sideways
 * scrolling (one column, long words broken), and follows its theme: light, dark, or AUTO
 * (the reader's prefers-color-scheme). Every value from the store goes through `html`
 * (text/html.ts), which escapes it.
 */

/** The CSS variable of each theme colour: bodyBackgroundColor → --body-background-color. */
const cssVariable = (field: string) => `--${field.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/** Colours are checked by view.ts (cssColor): a value here can hold nothing but a colour. */
function variables(palette: Palette): string {
  return THEME_FIELDS.map((field) => `${cssVariable(field)}:${palette[field]};`).join('');
}

/** The state colours: a dot beside the words (the words carry the meaning; the dot adds nothing a reader needs). */
const STATE_COLOURS: Record<string, string> = {
  operational: '#16A34A',
  degraded: '#CA8A04',
  partial: '#EA580C',
  major: '#DC2626',
};

const STYLE = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--body-background-color);color:var(--body-font-color);
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
.wrap{max-width:760px;margin:0 auto;padding:0 16px}
header.top{background:var(--header-background-color);color:var(--header-font-color)}
header.top .wrap{display:flex;align-items:center;gap:12px;min-height:64px;padding-top:8px;padding-bottom:8px}
header.top img{max-height:40px;max-width:160px}
header.top .brand{font-weight:600;font-size:18px;color:var(--navigation-font-color);overflow-wrap:anywhere}
h1,h2,h3{color:var(--title-font-color);line-height:1.25;overflow-wrap:anywhere}
h1{font-size:28px;margin:24px 0 4px}
h2{font-size:20px;margin:32px 0 12px}
h3{font-size:17px;margin:0 0 4px}
p{margin:0}
a{color:var(--link-font-color)}
.description,.muted,footer{color:var(--body-font-color-muted)}
.description{margin-bottom:16px}
.card,.overall,.incident{background:var(--card-background-color);border:1px solid var(--border-color);border-radius:8px}
.overall{display:flex;align-items:center;gap:10px;padding:14px 16px;font-weight:600;font-size:18px;border-left-width:6px}
.card{padding:4px 16px;margin-bottom:12px}
.card h3{margin:12px 0 4px}
.services{list-style:none;margin:0;padding:0}
.services li{display:flex;flex-wrap:wrap;justify-content:space-between;gap:4px 12px;padding:10px 0;border-top:1px solid var(--border-color)}
.services li:first-child{border-top:0}
.service{overflow-wrap:anywhere;min-width:0}
.state{display:inline-flex;align-items:center;gap:6px;white-space:nowrap}
.dot{display:inline-block;width:10px;height:10px;border-radius:50%;flex:none}
.incident{padding:16px;margin-bottom:12px;border-left-width:6px}
.meta{color:var(--body-font-color-muted);margin-bottom:8px;overflow-wrap:anywhere}
.timeline{list-style:none;margin:0;padding:0}
.timeline li{padding:8px 0 8px 12px;border-left:2px solid var(--border-color)}
.timeline .word{font-weight:600}
.message{white-space:pre-line;overflow-wrap:anywhere}
footer{font-size:14px;padding-top:32px;padding-bottom:32px}
${SERVICE_STATES.map(({ key }) => `.state-${key} .dot,.overall.state-${key} .dot{background:${STATE_COLOURS[key]}}.overall.state-${key},.incident.state-${key}{border-left-color:${STATE_COLOURS[key]}}`).join('\n')}
`;

function themeStyle(view: Pick<PageView, 'palettes'>): string {
  const light = variables(view.palettes.light);
  const dark = variables(view.palettes.dark);
  return (
    `:root,:root[data-theme=light]{${light}color-scheme:light}` +
    `:root[data-theme=dark]{${dark}color-scheme:dark}` +
    `@media (prefers-color-scheme:dark){:root[data-theme=auto]{${dark}color-scheme:dark}}`
  );
}

function document(options: {
  title: string;
  mode: PageView['mode'];
  palettes: PageView['palettes'];
  favicon?: string;
  header: SafeHtml;
  main: SafeHtml;
  footer?: SafeHtml;
}): string {
  return html`<!doctype html>
<html lang="en" data-theme="${options.mode}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${options.title}</title>
<link rel="icon" href="${options.favicon ?? 'data:,'}">
<style>${trusted(themeStyle(options))}${trusted(STYLE)}</style>
</head>
<body>
<header class="top"><div class="wrap">${options.header}</div></header>
<main class="wrap">
${options.main}
</main>
<footer class="wrap">${options.footer ?? ''}</footer>
</body>
</html>
`.value;
}

function timelineHtml(incident: IncidentView): SafeHtml {
  return html`<ol class="timeline">${incident.timeline.map(
    (entry) =>
      html`<li><p><span class="word">${entry.word}</span> \u00b7 ${entry.iso ? html`<time datetime="${entry.iso}">${entry.when}</time>` : entry.when}</p><p class="message">${multiline(entry.message)}</p></li>`,
  )}</ol>`;
}

function incidentHtml(incident: IncidentView, anchor: string, state: string): SafeHtml {
  const services = incident.services.length ? html` \u00b7 Affects ${incident.services.join(', ')}` : '';
  return html`<article class="incident state-${state}" id="${anchor}" aria-labelledby="${anchor}-name">
<h3 id="${anchor}-name">${incident.name}</h3>
<p class="meta"><span class="status">${incident.status}</span> \u00b7 ${incident.severity} impact${services}</p>
${timelineHtml(incident)}
</article>`;
}

/** The open incidents' colour: the state their severity puts a service in. */
function incidentState(incident: IncidentView): string {
  return { Minor: 'degraded', Medium: 'partial', Major: 'major', Critical: 'major' }[incident.severity] ?? 'degraded';
}

/** The page as its subscribers see it. */
export function renderPage(view: PageView): string {
  const header = html`${view.logo ? html`<img src="${view.logo}" alt="${view.name} logo">` : ''}<span class="brand">${view.name}</span>`;
  const overall =
    view.open.length === 0
      ? 'All systems operational'
      : `${view.overall.words}: ${view.open.length} open incident${view.open.length === 1 ? '' : 's'}`;
  const main = html`<h1>${view.name} status</h1>
${view.description ? html`<p class="description">${view.description}</p>` : ''}
<section class="overall state-${view.overall.key}" aria-label="Overall status"><span class="dot"></span><p>${overall}</p></section>
${
  view.open.length
    ? html`<section aria-labelledby="open-incidents"><h2 id="open-incidents">Open incidents</h2>
${view.open.map((incident, i) => incidentHtml(incident, `open-${i + 1}`, incidentState(incident)))}</section>`
    : ''
}
<section aria-labelledby="services"><h2 id="services">Services</h2>
${view.cards.map(
  (card) =>
    html`<div class="card"><h3>${card.name}</h3><ul class="services">${card.services.map(
      (service) =>
        html`<li class="state-${service.state.key}"><span class="service">${service.name}</span><span class="state"><span class="dot"></span>${service.state.words}</span></li>`,
    )}</ul></div>`,
)}
</section>
<section aria-labelledby="resolved"><h2 id="resolved">Resolved in the last ${view.resolvedDays} days</h2>
${
  view.resolved.length
    ? view.resolved.map((incident, i) => incidentHtml(incident, `resolved-${i + 1}`, 'operational'))
    : html`<p class="muted">No incidents resolved in the last ${view.resolvedDays} days.</p>`
}
</section>`;
  return document({
    title: `${view.name} status`,
    mode: view.mode,
    palettes: view.palettes,
    favicon: view.favicon,
    header,
    main,
    footer: html`<p>Times in UTC, as of <time datetime="${view.now}">${view.now.slice(0, 16).replace('T', ' ')} UTC</time>. Served by the mon sandbox: reload for the latest.</p>`,
  });
}

/** The sandbox's page colours, for its own pages (the index, not found, private). */
export interface OwnPageOptions {
  palettes: PageView['palettes'];
}

/** /status/: every public page, linked by its URL. */
export function renderIndex(pages: readonly { name: string; url: string }[], options: OwnPageOptions): string {
  const main = html`<h1>Status pages</h1>
<p class="description">The public status pages this sandbox serves, as their subscribers see them.</p>
${
  pages.length
    ? html`<div class="card"><ul class="services">${pages.map(
        (page) => html`<li><a href="/status/${encodeURIComponent(page.url)}">${page.name}</a></li>`,
      )}</ul></div>`
    : html`<p class="muted">No public status pages.</p>`
}`;
  return document({
    title: 'Status pages',
    mode: 'auto',
    palettes: options.palettes,
    header: html`<span class="brand">mon sandbox</span>`,
    main,
    footer: html`<p>Private pages are not listed: their viewers sign in, which the sandbox cannot do.</p>`,
  });
}

/** A page that is not there, or private: a sentence and a way back to the index. */
export function renderMessage(title: string, sentence: string, options: OwnPageOptions): string {
  return document({
    title,
    mode: 'auto',
    palettes: options.palettes,
    header: html`<span class="brand">mon sandbox</span>`,
    main: html`<h1>${title}</h1><p class="description">${sentence}</p><p><a href="/status/">All status pages</a></p>`,
  });
}
