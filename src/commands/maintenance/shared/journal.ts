import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { monDir } from '../../../config/paths';
import { readOwnFile } from '../../../config/files';
import { usesEmbeddedSandbox, type Ctx } from '../../../core/context';
import { sayWarning } from '../../../output/say';
import { sanitize } from '../../../text/escape';

/*
 * The journal of `mon maintenance run`: one file per run in the data directory
 * (maintenance/RUN.jsonl), a JSON line per step, each written and fsynced before the step it
 * announces is taken (and the one that says it was taken, right after): a mon killed at any
 * point (kill -9, a power cut) leaves a file that says what it opened, or was about to open.
 * `mon maintenance recover` ends what such a file says is open; every `maintenance` command
 * says when there is one. A run that ends (however) removes its file.
 */

/** What a run's first line says of it. */
interface RunFacts {
  runId: string;
  pid: number;
  host: string;
  /** Where the run sent its requests: a base URL, or "the embedded sandbox". */
  where: string;
  command: string;
  windowName: string;
  incidentName?: string;
}

/** One step of a run, as a line of its journal. */
export type JournalStep =
  | ({ step: 'begin'; at: string } & RunFacts)
  | { step: 'window-opening'; at: string }
  | { step: 'window-opened'; windowId: number; startsAt: string; at: string }
  | { step: 'incident-opening'; at: string }
  | { step: 'incident-opened'; incidentId: string; at: string }
  | { step: 'window-ended'; at: string }
  | { step: 'incident-resolved'; at: string };

/** A run as its journal tells it. */
export interface RunRecord extends RunFacts {
  file: string;
  startedAt: string;
  /** A window was being opened (its POST may have reached the API without the answer being written here). */
  windowOpening: boolean;
  windowId?: number;
  windowStartsAt?: string;
  windowEnded: boolean;
  incidentOpening: boolean;
  incidentId?: string;
  incidentResolved: boolean;
}

const DIR = 'maintenance';
/** A journal is a few short lines: anything larger is not one of mon's. */
const MAX_BYTES = 64 * 1024;

export const journalDir = (env: NodeJS.ProcessEnv): string => join(monDir('data', env), DIR);

/** An open journal: each step appended and fsynced. */
export class RunJournal {
  private constructor(
    readonly file: string,
    readonly runId: string,
  ) {}

  /** A new run's journal, its first line written and fsynced (the directory too, so the file is found after a crash). */
  static begin(
    env: NodeJS.ProcessEnv,
    info: Omit<Extract<JournalStep, { step: 'begin' }>, 'step' | 'at' | 'pid' | 'host' | 'runId'> & { runId: string },
    now: number,
  ): RunJournal {
    const dir = journalDir(env);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = join(dir, `${info.runId}.jsonl`);
    const journal = new RunJournal(file, info.runId);
    journal.append(
      { step: 'begin', ...info, pid: process.pid, host: hostname(), at: new Date(now).toISOString() },
      'wx',
    );
    syncDirectory(dir);
    return journal;
  }

  /** Reopens a journal read from disk (recover writes the steps it takes into it). */
  static of(record: RunRecord): RunJournal {
    return new RunJournal(record.file, record.runId);
  }

  /** Appends a step and fsyncs it before returning. */
  step(step: Exclude<JournalStep, { step: 'begin' }>): void {
    this.append(step, 'a');
  }

  /** The run is over and nothing it opened is open: its journal goes. */
  finish(): void {
    rmSync(this.file, { force: true });
  }

  private append(step: JournalStep, flag: 'a' | 'wx'): void {
    const fd = openSync(this.file, flag, 0o600);
    try {
      writeSync(fd, `${JSON.stringify(step)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
}

function syncDirectory(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Some systems cannot open a directory to sync it (Windows): the file's own fsync is what there is.
  }
}

/** A run ID: 8 hexadecimal digits, in the window's name too (how recover finds a window whose ID was not written). */
export const newRunId = (): string => randomBytes(4).toString('hex');

/** The runs whose journals are in the data directory, oldest first (a torn last line is left out). */
export function readRuns(env: NodeJS.ProcessEnv): RunRecord[] {
  const dir = journalDir(env);
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => /^[0-9a-f]{8}\.jsonl$/.test(name));
  } catch {
    return [];
  }
  const runs: RunRecord[] = [];
  for (const name of names) {
    const file = join(dir, name);
    let text: string | undefined;
    try {
      text = readOwnFile(file, MAX_BYTES);
    } catch {
      continue;
    }
    const record = recordOf(file, text ?? '');
    if (record) runs.push(record);
  }
  return runs.sort((a, b) => a.startedAt.localeCompare(b.startedAt));
}

function recordOf(file: string, text: string): RunRecord | undefined {
  const steps: JournalStep[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      steps.push(JSON.parse(line) as JournalStep);
    } catch {
      // A line torn by a crash while it was written: the step it announced was not taken.
    }
  }
  const begin = steps[0];
  if (begin?.step !== 'begin') return undefined;
  const { step: _begin, at, ...facts } = begin;
  const record: RunRecord = {
    file,
    ...facts,
    startedAt: at,
    windowOpening: false,
    windowEnded: false,
    incidentOpening: false,
    incidentResolved: false,
  };
  for (const step of steps.slice(1)) {
    if (step.step === 'window-opening') record.windowOpening = true;
    else if (step.step === 'window-opened') {
      record.windowId = step.windowId;
      record.windowStartsAt = step.startsAt;
    } else if (step.step === 'window-ended') record.windowEnded = true;
    else if (step.step === 'incident-opening') record.incidentOpening = true;
    else if (step.step === 'incident-opened') record.incidentId = step.incidentId;
    else if (step.step === 'incident-resolved') record.incidentResolved = true;
  }
  return record;
}

/** Is the mon that wrote this journal still running (on this machine)? Another machine's is taken as running. */
export function stillRunning(record: RunRecord): boolean {
  if (record.host !== hostname()) return true;
  if (record.pid === process.pid) return true;
  try {
    process.kill(record.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Does the run's journal say something may be left open? */
export const leavesOpen = (record: RunRecord): boolean =>
  (record.windowOpening && !record.windowEnded) || (record.incidentOpening && !record.incidentResolved);

/** The runs a killed mon left, with something open: what `maintenance recover` ends. */
export function leftOpen(env: NodeJS.ProcessEnv): RunRecord[] {
  return readRuns(env).filter((record) => !stillRunning(record));
}

/** Where requests go, as a journal records it: the base URL, or "the embedded sandbox" (its port changes). */
export async function apiWhere(ctx: Pick<Ctx, 'settings' | 'globals' | 'env'>): Promise<string> {
  if (usesEmbeddedSandbox(ctx)) return 'the embedded sandbox';
  return (await ctx.settings()).baseUrl?.value ?? '';
}

/** What a killed run left, in one line: "`sh -c deploy` (pid 4242, 12:00:05Z) left maintenance window 7 open". */
export function leftWords(record: RunRecord): string {
  const what = [
    ...(record.windowOpening && !record.windowEnded
      ? [
          record.windowId !== undefined
            ? `maintenance window ${record.windowId}`
            : `maintenance window "${record.windowName}" (perhaps)`,
        ]
      : []),
    ...(record.incidentOpening && !record.incidentResolved
      ? [
          record.incidentId !== undefined
            ? `incident ${record.incidentId}`
            : `incident "${record.incidentName ?? ''}" (perhaps)`,
        ]
      : []),
  ];
  const at = record.startedAt.slice(11, 19);
  return `\`${record.command}\` (pid ${record.pid}, started ${at}Z) ${what.length ? `left ${what.join(' and ')} open` : 'opened nothing'}`;
}

/** Says on stderr when a killed run left something open: every `maintenance` command does. */
export function notePending(ctx: Pick<Ctx, 'io' | 'env'>, mon: string): void {
  const runs = leftOpen(ctx.env).filter(leavesOpen);
  if (!runs.length) return;
  sayWarning(
    ctx.io,
    `A \`maintenance run\` was killed before it ended what it opened: ${runs.map((run) => sanitize(leftWords(run))).join('; ')}.`,
    `Run \`${mon} maintenance recover\` to end it.`,
  );
}
