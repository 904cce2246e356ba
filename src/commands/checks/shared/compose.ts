import type { z } from 'zod';
import {
  DEFAULT_FREQUENCY,
  DEFAULT_RECORD_TYPE,
  describeFrequency,
  DNS_RECORD_TYPES,
  dnsAssertionSchema,
  dnsRequestSchema,
  FREQUENCIES,
  LOCATIONS,
  SECONDS_OFFSETS,
  secondsLevelAllowed,
  type FieldLabel,
} from '../../../api/schemas/checks';
import type { CheckResponse } from '../../../api/schemas/checkResponses';
import { askAndConfirm } from '../../../core/confirm';
import type { Ctx } from '../../../core/context';
import type { Choice } from '../../../core/prompter';
import { INPUT_BOUNDS, readBoundedFile, readJsonObjectInput } from '../../../core/input';
import { formatBytes } from '../../../text/bytes';
import { fileWords } from '../../../text/codes';
import { InputTooLarge } from '../../../io';
import { sayWarning } from '../../../output/say';
import {
  bodyFromFlags,
  isPlainObject,
  mergeBody,
  parseAssertion,
  withRequiredFillers,
  type CheckFlags,
  type FlagProblem,
} from './body';
import { validateBody, type Provenance } from './naming';
import { checkFields } from './show';

type Body = Record<string, unknown>;

/** What the create verbs use. */
export type CreateCheckCtx = Pick<Ctx, 'io' | 'globals' | 'api' | 'prompter' | 'prepare'>;

export interface ComposeOptions<S extends z.ZodType> {
  /** The schema for this operation, naming other fields with `label` in its messages. */
  schema: (label: FieldLabel) => S;
  /** `checks create`: the body has a `type` (DNS when a terminal fills in what is missing) and dependency files. */
  combined?: boolean;
  /** Called once with the type --file and the flags give, before anything is asked: refuses one this command does not build (exit 2). */
  checkType?: (type: unknown) => void;
}

/**
 * The body a create command sends: --file, then flags, then (on a terminal) answers for
 * what is still missing, then the fields mon always fills in. Everything is validated
 * before anything is asked, and again at the end: exit 2 naming the flag, nothing sent.
 */
export async function composeCheckBody<S extends z.ZodType>(
  ctx: Pick<Ctx, 'io' | 'prompter'>,
  flags: CheckFlags,
  options: ComposeOptions<S>,
): Promise<z.infer<S>> {
  const file =
    flags.file === undefined
      ? undefined
      : await readJsonObjectInput(ctx.io, flags.file, { flag: '--file', kind: 'body' });
  const dependencies = options.combined && flags.dependency ? await readDependencies(flags.dependency) : undefined;
  const fromFlags = bodyFromFlags(flags, dependencies?.files);
  fromFlags.problems.push(...(dependencies?.problems ?? []));
  const provenance: Provenance = { flags: fromFlags, file };

  let body = withRequiredFillers(mergeBody(file ?? {}, fromFlags.body));
  options.checkType?.(body.type);
  // A secret environment value (--secret-env, or `secret: true` in --file) is masked in every
  // line mon writes from now on: a server that quotes it in an error shows it masked.
  for (const variable of [body.environmentVariables].flat()) {
    if (isPlainObject(variable) && variable.secret === true && typeof variable.value === 'string')
      ctx.io.addSecret(variable.value);
  }
  // Once --file - has read stdin to its end, there is nothing left to answer prompts with.
  const ask = ctx.io.canPrompt() && flags.file !== '-';
  const missing = ask ? missingRequired(body, Boolean(options.combined)) : new Set<string>();
  if (!ask) body = withDefaultRecordType(body);
  // Fail on what the user typed before asking anything.
  validateBody(
    options.schema,
    body,
    provenance,
    (issue) => issue.input === undefined && missing.has(issue.path.join('.')),
  );
  if (ask) {
    const given = body;
    // The answers, shown and confirmed (or asked again, each in its question) before anything is sent.
    const { merged } = await askAndConfirm(
      ctx,
      async (previous: { answers: Body; merged: Body } | undefined) => {
        const answers = await askForMissing(ctx.prompter, given, Boolean(options.combined), previous?.answers);
        return { answers, merged: mergeBody(answers, given) };
      },
      ({ answers, merged }) => ({
        prompted: Object.keys(answers).length > 0,
        title: 'About to create a check:',
        lines: checkSummary({ checkType: merged.type ?? 'DNS', ...merged }),
        question: 'Create this check?',
        declined: 'Nothing was created.',
      }),
    );
    body = merged;
  }
  return validateBody(options.schema, body, provenance);
}

/** The fields a check will have, as `mon checks get` shows them (the ones it has). */
function checkSummary(body: Body): [string, string][] {
  return checkFields(body as CheckResponse)
    .filter((field) => field.value !== undefined && field.key !== 'id' && field.key !== 'created_at')
    .map((field) => [field.label, String(field.display ?? field.value)]);
}

/** The assertions a DNS check starts with, unless told otherwise. */
const DEFAULT_ASSERTION = 'RESPONSE_CODE EQUALS NOERROR';

/** "RESPONSE_CODE EQUALS NOERROR" → its assertion, or why it is not one. */
function assertionCheck(value: string): true | string {
  const result = dnsAssertionSchema.safeParse(parseAssertion(value));
  if (result.success) return true;
  const issue = result.error.issues[0];
  const part = issue?.path[0] === 'comparison' ? 'The comparison' : issue?.path[0] === 'source' ? 'The source' : 'It';
  return `${part} ${issue?.message ?? 'is not valid'} (SOURCE COMPARISON TARGET, e.g. ${DEFAULT_ASSERTION}).`;
}

/**
 * The assertions, one question each: the first offers the default (or "none"), the next ones
 * end with an empty answer. An edit round puts the previous ones in the questions.
 */
async function askAssertions(prompter: Ctx['prompter'], previous: unknown): Promise<Body[]> {
  const before = (Array.isArray(previous) ? previous : []).map((assertion: Body) =>
    [assertion.source, assertion.comparison, assertion.target].filter(Boolean).join(' '),
  );
  const assertions: Body[] = [];
  for (let index = 0; ; index++) {
    const first = index === 0;
    const earlier = before[index] ?? (first && previous !== undefined ? 'none' : undefined);
    const answer = (
      await prompter.input({
        message: first ? 'Assertion (SOURCE COMPARISON TARGET, or none)' : 'Another assertion (Enter when done)',
        ...(earlier !== undefined ? { default: earlier, editable: true } : first ? { default: DEFAULT_ASSERTION } : {}),
        validate: (value) =>
          (first ? value.trim().toLowerCase() === 'none' : value.trim() === '') || assertionCheck(value),
      })
    ).trim();
    if (answer === '' || answer.toLowerCase() === 'none') return assertions;
    const { source, comparison, target } = parseAssertion(answer);
    assertions.push({ source, comparison, target });
  }
}

/** Record type A unless given or asked (so that, with prompts off, only --name and --query are required). */
function withDefaultRecordType(body: Body): Body {
  const request = body.request === undefined ? {} : body.request;
  if (!isPlainObject(request) || request.recordType !== undefined) return body;
  return { ...body, request: { ...request, recordType: DEFAULT_RECORD_TYPE } };
}

/** Required values that can be asked for: `name`, `request.query`, `request.recordType`, `type`. */
function missingRequired(body: Body, combined: boolean): Set<string> {
  const missing = new Set<string>();
  if (body.name === undefined) missing.add('name');
  if (body.request === undefined) missing.add('request');
  const request = isPlainObject(body.request) ? body.request : {};
  if (request.query === undefined) missing.add('request.query');
  if (request.recordType === undefined) missing.add('request.recordType');
  if (combined && body.type === undefined) missing.add('type');
  return missing;
}

const fromSchema =
  (schema: z.ZodType) =>
  (value: string): true | string => {
    const result = schema.safeParse(value);
    return result.success ? true : `This ${result.error.issues[0]?.message ?? 'is not valid'}.`;
  };

interface FrequencyChoice {
  frequency: number;
  frequencyOffset?: number;
}

/**
 * Asks for what the body still lacks: name, query, record type, name server, assertions,
 * frequency and locations (and the type for the combined create). Answers never replace given
 * values; `previous` (the answers of an edit round) are put in the questions.
 */
async function askForMissing(
  prompter: Ctx['prompter'],
  body: Body,
  combined: boolean,
  previous: Body = {},
): Promise<Body> {
  const answers: Body = {};
  const request = isPlainObject(body.request) ? body.request : {};
  const before = isPlainObject(previous.request) ? previous.request : {};
  const answeredRequest: Body = {};
  const type = typeof body.type === 'string' ? body.type : 'DNS';
  /** The previous answer of an edit round, in the input to edit. */
  const typed = (value: unknown) =>
    typeof value === 'string' ? { default: value, editable: true } : ({} as { default?: string });

  // The combined create builds DNS checks only (checks/create.ts): nothing to ask, the summary shows it.
  if (combined && body.type === undefined) answers.type = type;
  if (body.name === undefined) {
    answers.name = (
      await prompter.input({
        message: 'Check name',
        ...typed(previous.name),
        validate: (value) => (value.trim() ? true : 'The name cannot be empty.'),
      })
    ).trim();
  }
  if (request.query === undefined) {
    answeredRequest.query = (
      await prompter.input({
        message: 'Name to resolve (query), e.g. example.com',
        ...typed(before.query),
        validate: fromSchema(dnsRequestSchema.shape.query),
      })
    ).trim();
  }
  if (request.recordType === undefined) {
    answeredRequest.recordType = await prompter.select<string>({
      message: 'Record type',
      choices: DNS_RECORD_TYPES.map((value) => ({ name: value, value })),
      default: typeof before.recordType === 'string' ? before.recordType : DEFAULT_RECORD_TYPE,
    });
  }
  if (request.nameServer === undefined) {
    answeredRequest.nameServer = (
      await prompter.input({
        message: 'Name server to ask',
        default: '1.1.1.1',
        ...typed(before.nameServer),
        validate: fromSchema(dnsRequestSchema.shape.nameServer.unwrap()),
      })
    ).trim();
  }
  if (type === 'DNS' && request.assertions === undefined) {
    answeredRequest.assertions = await askAssertions(prompter, before.assertions);
  }
  if (body.frequency === undefined) {
    const choices: Choice<FrequencyChoice>[] = [
      ...(secondsLevelAllowed(type)
        ? SECONDS_OFFSETS.map((seconds) => ({
            name: describeFrequency(0, seconds),
            value: { frequency: 0, frequencyOffset: seconds },
          }))
        : []),
      ...FREQUENCIES.filter((minutes) => minutes !== 0).map((minutes) => ({
        name: describeFrequency(minutes),
        value: { frequency: minutes },
      })),
    ];
    const earlier = choices.find(
      (choice) =>
        choice.value.frequency === previous.frequency && choice.value.frequencyOffset === previous.frequencyOffset,
    );
    const fallback = (earlier ?? choices.find((choice) => choice.value.frequency === DEFAULT_FREQUENCY)!).value;
    const picked = await prompter.select<FrequencyChoice>({
      message: 'How often should it run?',
      choices,
      default: fallback,
    });
    Object.assign(answers, picked);
  }
  if (body.locations === undefined && body.privateLocations === undefined) {
    answers.locations = await prompter.checkbox<string>({
      message: 'Locations to run from (space selects, enter confirms)',
      choices: LOCATIONS.map((value) => ({
        name: value,
        value,
        checked: Array.isArray(previous.locations) && previous.locations.includes(value),
      })),
      validate: (values) => (values.length > 0 ? true : 'Pick at least one location.'),
    });
  }
  if (Object.keys(answeredRequest).length) answers.request = answeredRequest;
  return answers;
}

/** `--dependency PATH=@LOCALFILE`: reads each local file; problems are reported with the others. */
export async function readDependencies(
  values: string[],
): Promise<{ files: { raw: string; path: string; content: string }[]; problems: FlagProblem[] }> {
  const files: { raw: string; path: string; content: string }[] = [];
  const problems: FlagProblem[] = [];
  for (const raw of values) {
    const at = raw.indexOf('=@');
    if (at < 0) {
      problems.push({
        flag: '--dependency',
        message: `must be PATH=@LOCALFILE, e.g. lib/helpers.js=@./helpers.js (got ${JSON.stringify(raw)})`,
      });
      continue;
    }
    const local = raw.slice(at + 2);
    try {
      files.push({ raw, path: raw.slice(0, at), content: await readBoundedFile(local, 'body') });
    } catch (error) {
      const why =
        error instanceof InputTooLarge
          ? `it is larger than ${formatBytes(INPUT_BOUNDS.body.bytes)}, the most mon reads of a file in a request`
          : fileWords(error);
      problems.push({ flag: `--dependency ${JSON.stringify(raw)}`, message: `cannot read ${local} (${why})` });
    }
  }
  return { files, problems };
}

/** Alert-settings flags do nothing while the account's settings apply: say so instead of failing silently. */
export function warnAboutIgnoredAlertSettings(
  ctx: Pick<Ctx, 'io'>,
  flags: CheckFlags,
  body: { useGlobalAlertSettings?: boolean },
): void {
  const given = Object.entries(flags).some(
    ([key, value]) => key.startsWith('alert') && key !== 'alertChannel' && value !== undefined,
  );
  if (!given || body.useGlobalAlertSettings === false) return;
  const { io } = ctx;
  sayWarning(
    io,
    'the --alert-* settings apply only with --no-use-global-alert-settings; ' +
      'without it the account-level alert settings are used.',
  );
}
