import type { Incident } from '../../api/schemas/incidents';
import { pageServices } from '../../api/answers';
import type { StatusPage } from '../../api/schemas/statusPages';
import {
  isOpen,
  serviceState,
  statusWord,
  subscriberTimeline,
  worstState,
  type ServiceState,
} from '../../api/subscribers';
import { cssColor, httpUrl } from '../../text/html';

/*
 * What a status page's subscribers may see, taken from the store: names, states, messages
 * and times. No ID of any kind (page, card, service, incident, update, key, account): IDs
 * are the account's handles for the API, a subscriber has no use for one, and a view that
 * holds none cannot leak one. Nothing else of the page either (its keys, redirect, privacy).
 * Pure: the same data and clock give the same view (render.ts turns it into HTML).
 */

/** The twelve colours of a theme (the API's StatusPageThemeColors). */
export const THEME_FIELDS = [
  'bodyBackgroundColor',
  'headerBackgroundColor',
  'headerFontColor',
  'titleFontColor',
  'bodyFontColor',
  'bodyFontColorMuted',
  'navigationFontColor',
  'linkFontColor',
  'cardBackgroundColor',
  'borderColor',
  'primaryButtonBackgroundColor',
  'primaryButtonFontColor',
] as const;
export type ThemeField = (typeof THEME_FIELDS)[number];
export type Palette = Record<ThemeField, string>;

/** The page's own colours, for a theme (or a colour of it) the store does not give as a colour. */
export const DEFAULT_PALETTES: { light: Palette; dark: Palette } = {
  light: {
    bodyBackgroundColor: '#FFFFFF',
    headerBackgroundColor: '#0F172A',
    headerFontColor: '#F8FAFC',
    titleFontColor: '#0F172A',
    bodyFontColor: '#1E293B',
    bodyFontColorMuted: '#475569',
    navigationFontColor: '#F8FAFC',
    linkFontColor: '#1D4ED8',
    cardBackgroundColor: '#F8FAFC',
    borderColor: '#CBD5E1',
    primaryButtonBackgroundColor: '#1D4ED8',
    primaryButtonFontColor: '#FFFFFF',
  },
  dark: {
    bodyBackgroundColor: '#0B1120',
    headerBackgroundColor: '#020617',
    headerFontColor: '#F8FAFC',
    titleFontColor: '#F1F5F9',
    bodyFontColor: '#E2E8F0',
    bodyFontColorMuted: '#94A3B8',
    navigationFontColor: '#E2E8F0',
    linkFontColor: '#93C5FD',
    cardBackgroundColor: '#1E293B',
    borderColor: '#334155',
    primaryButtonBackgroundColor: '#3B82F6',
    primaryButtonFontColor: '#0B1120',
  },
};

export type ThemeMode = 'light' | 'dark' | 'auto';

export interface TimelineView {
  word: string;
  status: string | undefined;
  /** ISO 8601, for <time datetime>; undefined when the update has no date. */
  iso: string | undefined;
  when: string;
  message: string;
}

export interface IncidentView {
  name: string;
  /** The status word of its last update: "Identified". */
  status: string;
  statusKey: string;
  severity: string;
  services: string[];
  timeline: TimelineView[];
}

export interface PageView {
  name: string;
  description: string | null;
  logo: string | undefined;
  favicon: string | undefined;
  mode: ThemeMode;
  palettes: { light: Palette; dark: Palette };
  overall: ServiceState;
  cards: { name: string; services: { name: string; state: ServiceState }[] }[];
  open: IncidentView[];
  resolved: IncidentView[];
  /** How many days back resolved incidents are shown. */
  resolvedDays: number;
  /** The sandbox clock when the view was taken, ISO 8601. */
  now: string;
}

/** Resolved incidents are shown this many days after their resolution. */
export const RESOLVED_DAYS = 7;

function palette(given: unknown, fallback: Palette): Palette {
  const colours = (given && typeof given === 'object' ? given : {}) as Record<string, unknown>;
  const out = { ...fallback };
  for (const field of THEME_FIELDS) {
    const value = colours[field];
    out[field] = (typeof value === 'string' && cssColor(value)) || fallback[field];
  }
  return out;
}

function mode(theme: unknown): ThemeMode {
  return theme === 'LIGHT' ? 'light' : theme === 'DARK' ? 'dark' : 'auto';
}

const severityWord = (severity: string) => severity.charAt(0).toUpperCase() + severity.slice(1).toLowerCase();

function incidentView(incident: Incident, now: number): IncidentView {
  return {
    name: incident.name,
    status: statusWord(incident.lastUpdateStatus),
    statusKey: incident.lastUpdateStatus.toLowerCase(),
    severity: severityWord(incident.severity),
    services: incident.services.map((service) => service.name),
    timeline: subscriberTimeline(incident.incidentUpdates, now).map((entry) => ({
      word: entry.word,
      status: entry.status,
      iso: entry.update.publicIncidentUpdateDate,
      when: entry.when,
      message: entry.message,
    })),
  };
}

/** When an incident was resolved: its newest update's date. */
function resolvedAt(incident: Incident): number {
  return Math.max(
    0,
    ...incident.incidentUpdates.map((update) => Date.parse(update.publicIncidentUpdateDate ?? '') || 0),
  );
}

/**
 * The view of `page` at `now`: its cards and services with their states, the open
 * incidents on its services (newest first) and those resolved in the last RESOLVED_DAYS.
 * `incidents` is every incident of the account, newest first (the page keeps its own).
 */
export function pageView(page: StatusPage, incidents: readonly Incident[], now: number): PageView {
  const own = new Set(pageServices(page).map(({ service }) => service.id));
  const onPage = incidents.filter((incident) => incident.services.some((service) => own.has(service.id)));
  const since = now - RESOLVED_DAYS * 86_400_000;
  const cards = (page.cards ?? []).map((card) => ({
    name: card.name,
    services: (card.services ?? []).map((service) => ({
      name: service.name,
      state: serviceState(service.id, onPage),
    })),
  }));
  const themes = (page as { themeColors?: { light?: unknown; dark?: unknown } | null }).themeColors ?? {};
  return {
    name: page.name,
    description: page.description ?? null,
    logo: httpUrl((page as { logo?: string | null }).logo),
    favicon: httpUrl((page as { favicon?: string | null }).favicon),
    mode: mode((page as { defaultTheme?: unknown }).defaultTheme),
    palettes: {
      light: palette(themes.light, DEFAULT_PALETTES.light),
      dark: palette(themes.dark, DEFAULT_PALETTES.dark),
    },
    overall: worstState(cards.flatMap((card) => card.services.map((service) => service.state))),
    cards,
    open: onPage.filter(isOpen).map((incident) => incidentView(incident, now)),
    resolved: onPage
      .filter((incident) => !isOpen(incident) && resolvedAt(incident) >= since)
      .map((incident) => incidentView(incident, now)),
    resolvedDays: RESOLVED_DAYS,
    now: new Date(now).toISOString(),
  };
}
