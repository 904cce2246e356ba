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
import { checkFields, printCreatedCheck } from './show';
import type { ApiClient } from '../../../api/client';
import type { ApiRequest } from '../../../api/request';
import { runWrite, type WriteCtx } from '../../../core/write';

type Body = Record<string, unknown>;

/** What the create verbs use. */
export type CreateCheckCtx = WriteCtx;

export interface ComposeOptions<S extends z.ZodType> {
  /** The schema for this operation, naming other fields with `label` in its messages. */
  schema: (label: FieldLabel) => S;
  /** `checks create`: the body has a `type` (DNS when a terminal fills in what is missing) and dependency files. */
  combined?: boolean;
  /** Called once with the type --file and the flags give, before anything is asked: refuses one this command does not build (exit 2). */
  checkType?: (type: unknown) => void;
}

/** A check's body as composed: the answers asked for (none when nothing was), the checked body, and what a confirmation shows. */
export interface ComposedCheck<B> {
  answers: Body;
  body: B;
  summary: [string, string][];
}

/**
 * The body a create command sends: --file, then flags, then (on a terminal) answers for
 * what is still missing, then the fields mon always fills in. Everything is validated
 * before anything is asked, and again once it is answered: exit 2 naming the flag, nothing
 * sent. Returns the questions (core/write.ts's `ask`): asked the first time, and again with
 * the previous answers in them when the person chooses edit at the confirmation.
 */
export async function composeCheckBody<S extends z.ZodType>(
  ctx: Pick<Ctx, 'io' | 'prompter'>,
  flags: CheckFlags,
  options: ComposeOptions<S>,
): Promise<(previous: ComposedCheck<z.infer<S>> | undefined) => Promise<ComposedCheck<z.infer<S>>>> {
  const file =
    flags.file === undefined
      ? undefined
      : await readJsonObjectInput(ctx.io, flags.file, { flag: '--file', kind: 'body' });
  const dependencies = options.combined && flags.dependency ? await readDependencies(flags.dependency) : undefined;
  const fromFlags = bodyFromFlags(flags, dependencies?.files);
  fromFlags.problems.push(...(dependencies?.problems ?? []));
  const provenance: Provenance = { flags: fromFlags, file };

  let given = withRequiredFillers(mergeBody(file ?? {}, fromFlags.body));
  options.checkType?.(given.type);
  // A secret environment value (--secret-env, or `secret: true` in --file) is masked in every
  // line mon writes from now on: a server that quotes it in an error shows it masked.
  for (const variable of [given.environmentVariables].flat()) {
    if (isPlainObject(variable) && variable.secret === true && typeof variable.value === 'string')
      ctx.io.addSecret(variable.value);
  }
  // Once --file - has read stdin to its end, there is nothing left to answer prompts with.
  const ask = ctx.io.canPrompt() && flags.file !== '-';
  const missing = ask ? missingRequired(given, Boolean(options.combined)) : new Set<string>();
  if (!ask) given = withDefaultRecordType(given);
  // Fail on what the user typed before asking anything.
  validateBody(
    options.schema,
    given,
    provenance,
    (issue) => issue.input === undefined && missing.has(issue.path.join('.')),
  );
  return async (previous) => {
    const answers = ask ? await askForMissing(ctx.prompter, given, Boolean(options.combined), previous?.answers) : {};
    const merged = mergeBody(answers, given);
    const body = validateBody(options.schema, merged, provenance) as z.infer<S>;
    return { answers, body, summary: checkSummary({ checkType: merged.type ?? 'DNS', ...merged }) };
  };
}

/**
 * A create's write (core/write.ts): the composed body's questions, its plan (the check in
 * words, the request), and sending it. The alert settings ignored are said once.
 */
export async function createCheckWrite<B extends Body>(
  ctx: CreateCheckCtx,
  flags: CheckFlags,
  compose: (previous: ComposedCheck<B> | undefined) => Promise<ComposedCheck<B>>,
  request: (body: B) => ApiRequest,
  create: (client: ApiClient, body: B) => Promise<{ check: CheckResponse; raw: unknown }>,
): Promise<void> {
  let warned = false;
  await runWrite(ctx, {
    ask: compose,
    prompted: (composed) => Object.keys(composed.answers).length > 0,
    plan: (composed) => {
      if (!warned) warnAboutIgnoredAlertSettings(ctx, flags, composed.body);
      warned = true;
      const fields = composed.summary.map(([label, value]) => `${label.toLowerCase()} ${value}`);
      return {
        changes: [
          `A new check "${String(composed.body.name)}": ${fields.filter((field) => !field.startsWith('name ')).join('; ')}`,
        ],
        requests: [request(composed.body)],
        confirm: {
          title: 'About to create a check:',
          lines: composed.summary,
          question: 'Create this check?',
          declined: 'Nothing was created.',
        },
        send: async () => {
          const { check, raw } = await create(await ctx.api(), composed.body);
          await printCreatedCheck(ctx, check, raw);
        },
      };
    },
  });
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
