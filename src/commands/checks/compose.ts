import type { z } from 'zod';
import {
  CHECK_TYPES,
  DEFAULT_FREQUENCY,
  DEFAULT_RECORD_TYPE,
  describeFrequency,
  DNS_RECORD_TYPES,
  dnsRequestSchema,
  FREQUENCIES,
  LOCATIONS,
  SECONDS_OFFSETS,
  secondsLevelAllowed,
  type FieldLabel,
} from '../../api/schemas/checks';
import type { Ctx } from '../../core/context';
import type { Choice } from '../../core/prompter';
import { formatBound, INPUT_BOUNDS, readBoundedFile, readJsonObjectInput, unreadable } from '../../core/input';
import { InputTooLarge } from '../../io';
import {
  bodyFromFlags,
  isPlainObject,
  mergeBody,
  withRequiredFillers,
  type CheckFlags,
  type FlagProblem,
} from './body';
import { validateBody, type Provenance } from './naming';

type Body = Record<string, unknown>;

export interface ComposeOptions<S extends z.ZodType> {
  /** The schema for this operation, naming other fields with `label` in its messages. */
  schema: (label: FieldLabel) => S;
  /** `checks create`: the body has a `type` (asked for on a terminal) and dependency files. */
  combined?: boolean;
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
  if (ask) body = mergeBody(await askForMissing(ctx.prompter, body, Boolean(options.combined)), body);
  return validateBody(options.schema, body, provenance);
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
 * Asks for what the body still lacks: name, query, record type, name server, frequency and
 * locations (and the type for the combined create). Answers never replace given values.
 */
async function askForMissing(prompter: Ctx['prompter'], body: Body, combined: boolean): Promise<Body> {
  const answers: Body = {};
  const request = isPlainObject(body.request) ? body.request : {};
  const answeredRequest: Body = {};
  let type = typeof body.type === 'string' ? body.type : 'DNS';

  if (combined && body.type === undefined) {
    type = await prompter.select<string>({
      message: 'Check type',
      choices: CHECK_TYPES.map((value) => ({ name: value, value })),
      default: 'DNS',
    });
    answers.type = type;
  }
  if (body.name === undefined) {
    answers.name = (
      await prompter.input({
        message: 'Check name',
        validate: (value) => (value.trim() ? true : 'The name cannot be empty.'),
      })
    ).trim();
  }
  if (request.query === undefined) {
    answeredRequest.query = (
      await prompter.input({
        message: 'Name to resolve (query), e.g. example.com',
        validate: fromSchema(dnsRequestSchema.shape.query),
      })
    ).trim();
  }
  if (request.recordType === undefined) {
    answeredRequest.recordType = await prompter.select<string>({
      message: 'Record type',
      choices: DNS_RECORD_TYPES.map((value) => ({ name: value, value })),
      default: DEFAULT_RECORD_TYPE,
    });
  }
  if (request.nameServer === undefined) {
    answeredRequest.nameServer = (
      await prompter.input({
        message: 'Name server to ask',
        default: '1.1.1.1',
        validate: fromSchema(dnsRequestSchema.shape.nameServer.unwrap()),
      })
    ).trim();
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
    const fallback = choices.find((choice) => choice.value.frequency === DEFAULT_FREQUENCY)!.value;
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
      choices: LOCATIONS.map((value) => ({ name: value, value })),
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
          ? `it is larger than ${formatBound(INPUT_BOUNDS.body.bytes)}, the most mon reads of a file in a request`
          : unreadable(error);
      problems.push({ flag: `--dependency ${JSON.stringify(raw)}`, message: `cannot read ${local} (${why})` });
    }
  }
  return { files, problems };
}
