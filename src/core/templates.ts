import { INCIDENT_STATUSES, type IncidentStatus } from '../api/schemas/enums';
import { profileName, STORED_NAME } from '../config/settings';
import type { Template } from '../config/store';
import { CliError, UsageError } from '../errors';
import { sanitize } from '../text/escape';
import type { Ctx } from './context';

/*
 * Message templates: a stored incident-update message with placeholders, and perhaps the
 * status it sets. `mon templates` stores and lists them; the incident verbs take them with
 * --template and offer them at the message prompt; the completions list their names. This
 * module is all of it: where they are stored (the profile in use), their names, their
 * placeholders and how they are filled, and the checks a template passes before it is used
 * (the config file can be edited by hand).
 */

export type { Template };

/** A stored template with its name. */
export type NamedTemplate = Template & { name: string };

/** The placeholders, in the order help lists them, with what each stands for. */
export const PLACEHOLDERS = {
  name: 'the incident',
  services: 'their names, joined with ", "',
  severity: 'in lower case',
  status: 'in lower case: the status the update sets',
} as const;
export type TemplateValues = Record<keyof typeof PLACEHOLDERS, string>;

const NAMES = Object.keys(PLACEHOLDERS) as (keyof typeof PLACEHOLDERS)[];
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** "{{name}}, {{services}}, {{severity}} and {{status}}", or with what each means (`meanings`), for help. */
export function placeholderList(meanings = false): string {
  const items = NAMES.map((name) => `{{${name}}}${meanings ? ` (${PLACEHOLDERS[name]})` : ''}`);
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** Exit 2 naming a placeholder that is not one of PLACEHOLDERS. */
export function checkPlaceholders(text: string, where: string): void {
  for (const [, name] of text.matchAll(PLACEHOLDER)) {
    if (!Object.hasOwn(PLACEHOLDERS, name!)) {
      throw new UsageError(
        `${where} has an unknown placeholder {{${sanitize(name!)}}}.`,
        `The placeholders are ${NAMES.map((placeholder) => `{{${placeholder}}}`).join(', ')}.`,
      );
    }
  }
}

/** The text with its placeholders filled. */
export function fillTemplate(text: string, values: TemplateValues): string {
  return text.replace(PLACEHOLDER, (_, name: keyof TemplateValues) => values[name]);
}

/** What an incident gives the placeholders (as it will be after the change), and the status the update sets. */
export function templateValues(
  incident: { name: string; severity: string; services: readonly { name: string }[] } | undefined,
  status: string | undefined,
): TemplateValues {
  return {
    name: incident?.name ?? '',
    services: incident?.services.map((service) => service.name).join(', ') ?? '',
    severity: incident?.severity.toLowerCase() ?? '',
    status: status?.toLowerCase() ?? '',
  };
}

/** The status a template sets, if any (checked: the file can be edited by hand). */
export function templateStatus(template: NamedTemplate | undefined): IncidentStatus | undefined {
  const status = template?.status;
  if (status === undefined) return undefined;
  const known = INCIDENT_STATUSES.find((value) => value === status.trim().toUpperCase());
  if (!known) {
    throw new UsageError(
      `Template "${sanitize(template!.name)}" has the status "${sanitize(status)}", which is not one of ${INCIDENT_STATUSES.join(', ')}.`,
      (next) => `Store it again with ${next(`templates add ${template!.name} --force ...`)}.`,
    );
  }
  return known;
}

/** A template's NAME as typed: exit 2 unless it is a name a template can have. */
export function checkTemplateName(name: string): string {
  if (!STORED_NAME.test(name)) {
    throw new UsageError(
      `NAME ${JSON.stringify(sanitize(name))} is not a template name: use letters, digits, ".", "_" and "-" (at most 64).`,
    );
  }
  return name;
}

type StoreCtx = Pick<Ctx, 'config' | 'globals' | 'env'>;

const profileOf = (ctx: Pick<Ctx, 'globals' | 'env'>) => profileName(ctx.globals, ctx.env).value;

/** The templates stored in the profile in use. */
export function storedTemplates(ctx: StoreCtx): Record<string, Template> {
  return ctx.config().profile(profileOf(ctx))?.templates ?? {};
}

/**
 * The template `--template NAME` names, checked before anything is sent: an unknown name, an
 * unknown placeholder or status is exit 2 naming it.
 */
export function namedTemplate(ctx: StoreCtx, name: string): NamedTemplate {
  const templates = storedTemplates(ctx);
  const found = Object.hasOwn(templates, name) ? templates[name] : undefined;
  if (!found) {
    const names = Object.keys(templates);
    throw new UsageError(
      `--template "${sanitize(name)}" is not a stored template${names.length ? ` (there are ${names.map((other) => `"${sanitize(other)}"`).join(', ')})` : ' (there are none)'}.`,
      (next) => `Store one with ${next('templates add NAME --message "..."')}; ${next('templates list')} shows them.`,
    );
  }
  checkPlaceholders(found.message, `Template "${sanitize(name)}"`);
  const template = { ...found, name };
  templateStatus(template);
  return template;
}

/** The stored templates a message prompt can offer: those whose placeholders and status are known. */
export function offeredTemplates(ctx: StoreCtx): NamedTemplate[] {
  return Object.entries(storedTemplates(ctx)).flatMap(([name, template]) => {
    try {
      checkPlaceholders(template.message, 'template');
      const named = { ...template, name };
      const status = templateStatus(named);
      return [{ ...named, ...(status ? { status } : {}) }];
    } catch {
      return [];
    }
  });
}

/** Stores a template in the profile in use (one of the same name is replaced); returns the profile's name. */
export async function storeTemplate(ctx: StoreCtx, name: string, template: Template): Promise<string> {
  checkPlaceholders(template.message, '--message');
  const profile = profileOf(ctx);
  await ctx.config().updateProfile(profile, (current) => ({
    ...current,
    templates: { ...(current.templates ?? {}), [name]: template },
  }));
  return profile;
}

/** Removes a template from the profile in use (exit 6 when there is none of that name); returns the profile's name. */
export async function removeTemplate(ctx: StoreCtx, name: string): Promise<string> {
  const profile = profileOf(ctx);
  if (!Object.hasOwn(storedTemplates(ctx), name)) {
    throw new CliError(
      'not-found',
      `There is no template "${name}" in profile "${profile}".`,
      (next) => `${next('templates list')} shows them.`,
    );
  }
  await ctx.config().updateProfile(profile, (current) => {
    const { [name]: _removed, ...templates } = current.templates ?? {};
    return { ...current, templates };
  });
  return profile;
}
