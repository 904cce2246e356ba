import { profileName, STORED_NAME } from '../../config/settings';
import type { Template } from '../../config/store';
import type { Ctx } from '../../core/context';
import { missingFlagsError } from '../../core/flags/parse';
import { askText } from '../../core/flags/prompt';
import type { Input } from '../../core/flags/spec';
import { checkPlaceholders, storedTemplates } from '../../core/message';
import { done } from '../../core/outcome';
import { CliError, UsageError } from '../../errors';
import { printJson, renderList, type Column } from '../../output/render';
import { sanitize } from '../../text/escape';
import { ADD, type LIST, type REMOVE } from './spec';

type TemplatesCtx = Pick<Ctx, 'io' | 'env' | 'globals' | 'config' | 'prompter' | 'now'>;

function checkName(name: string): string {
  if (!STORED_NAME.test(name)) {
    throw new UsageError(
      `NAME ${JSON.stringify(sanitize(name))} is not a template name: use letters, digits, ".", "_" and "-" (at most 64).`,
    );
  }
  return name;
}

export async function addTemplateRun(ctx: TemplatesCtx, { flags, args }: Input<typeof ADD>): Promise<void> {
  const name = checkName(args.name);
  const example = `mon templates add ${name} --status identified --message "We found the cause of {{name}}."`;
  if (flags.message === undefined && !ctx.io.canPrompt()) throw missingFlagsError(['--message'], example);
  const existing = storedTemplates(ctx);
  if (Object.hasOwn(existing, name) && !flags.force) {
    throw new UsageError(
      `There is a template "${name}" already.`,
      `Pass --force to replace it, or \`mon templates remove ${name}\` first.`,
    );
  }
  const message = flags.message ?? (await askText(ctx, ADD.flags.message));
  checkPlaceholders(message, '--message');
  const template: Template = { message, ...(flags.status ? { status: flags.status } : {}) };
  const profile = profileName(ctx.globals, ctx.env).value;
  await ctx.config().updateProfile(profile, (current) => ({
    ...current,
    templates: { ...(current.templates ?? {}), [name]: template },
  }));
  ctx.io.err(`${done(ctx)} Stored template "${name}" in profile "${profile}". Use it with --template ${name}.\n`);
}

interface Row extends Template {
  name: string;
}

const COLUMNS: Column<Row>[] = [
  { header: 'NAME', value: (row) => row.name },
  { header: 'STATUS', value: (row) => row.status ?? '', display: (row) => row.status ?? '—' },
  { header: 'MESSAGE', value: (row) => row.message, shrink: true },
];

export async function listTemplatesRun(ctx: TemplatesCtx, _input: Input<typeof LIST>): Promise<void> {
  const rows = Object.entries(storedTemplates(ctx)).map(([name, template]) => ({ name, ...template }));
  if (ctx.globals.json) return printJson(ctx.io, rows);
  await renderList(ctx.io, rows, COLUMNS, 'No templates. Store one with `mon templates add NAME --message "..."`.');
}

export async function removeTemplateRun(ctx: TemplatesCtx, { args }: Input<typeof REMOVE>): Promise<void> {
  const name = checkName(args.name);
  const profile = profileName(ctx.globals, ctx.env).value;
  if (!Object.hasOwn(storedTemplates(ctx), name)) {
    throw new CliError(
      'not-found',
      `There is no template "${name}" in profile "${profile}".`,
      '`mon templates list` shows them.',
    );
  }
  await ctx.config().updateProfile(profile, (current) => {
    const { [name]: _removed, ...templates } = current.templates ?? {};
    return { ...current, templates };
  });
  ctx.io.err(`${done(ctx)} Removed template "${name}" from profile "${profile}".\n`);
}
