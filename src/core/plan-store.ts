import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiRequest } from '../api/request';
import { FileTooLargeError, NotAFileError, readOwnFile, specialKind } from '../config/files';
import { monDir } from '../config/paths';
import { ConfigError, ConflictError, UsageError } from '../errors';
import { parseJson, stringifyJson } from '../text/json';
import type { PlanTarget, StateFingerprint } from './state';

/*
 * Plans that can be confirmed later, by a token: stored in the data directory
 * (`plans/<id>.json`, mode 0600), signed with a secret of this installation (`plan-secret`
 * beside the config, 32 random bytes as base64url, mode 0600, made on first use). The token is
 * `<id>.<mac>`, the MAC an HMAC-SHA256 of the id and the file's SHA-256: a token made up, or
 * a plan file edited, fails it. A token is spent once (`<id>.spent`, created exclusively, so
 * two runs of one token cannot both send). The API key is never in a plan or its token.
 */

/** How long a plan can be confirmed. */
export const PLAN_LIFETIME_MS = 10 * 60_000;
/** A plan file is kept this long past its expiry, so that an expired token is told from an unknown one. */
const KEPT_AFTER_EXPIRY_MS = 24 * 3600_000;
/** The most of a plan file that is read (bodies are bounded far below it). */
const MAX_PLAN_BYTES = 16 * 1024 * 1024;
const SECRET_BYTES = 32;
/** Its text: 43 base64url characters (and a newline); more is not mon's. */
const SECRET_TEXT_LENGTH = Math.ceil((SECRET_BYTES * 4) / 3);
const SECRET_TEXT_MAX = 128;
/** A plan's id: 16 random bytes, base64url. */
const ID = /^[A-Za-z0-9_-]{22}$/;
/** The MAC in a token: 128 bits, base64url. */
const MAC = /^[A-Za-z0-9_-]{22}$/;

/** What a token is bound to: the command, its input as read, and where it goes. */
export interface Binding {
  /** "incidents update" */
  command: string;
  /** Each flag and argument given, by the name a user types (`--message`, `INCIDENT_ID`): a digest of its value. */
  input: Record<string, string>;
  profile: string;
  /** The API's base URL, or "the embedded sandbox" (whose port changes from run to run). */
  baseUrl: string;
  account: string | null;
}

/** A plan as stored: what was planned and what it was planned on. */
export interface StoredPlan {
  version: 1;
  id: string;
  createdAt: string;
  expiresAt: string;
  binding: Binding;
  /** The command line to make a new plan with (for the messages of a token that can no longer apply). */
  replanCommand: string;
  target?: PlanTarget;
  changes: string[];
  /** Exactly what a token's run sends, in order (bodies unmasked: they are sent as they are). */
  requests: ApiRequest[];
  state?: StateFingerprint;
}

export type NewPlan = Omit<StoredPlan, 'version' | 'id' | 'createdAt' | 'expiresAt'>;

function plansDir(env: NodeJS.ProcessEnv): string {
  return join(monDir('data', env), 'plans');
}

export function secretPath(env: NodeJS.ProcessEnv): string {
  return join(monDir('config', env), 'plan-secret');
}

/**
 * The installation's secret: read, or made on first use. 32 random bytes, written as base64url
 * text, mode 0600. It appears whole in one step (written to a temporary file, then hard-linked
 * into place, which fails when a file is there): two first runs at once end with one secret,
 * and neither reads the other's half-written file. Anything at its path that is not such a
 * text in a regular file of the user's own is refused, never replaced: plans signed with it
 * would be lost.
 */
function planSecret(env: NodeJS.ProcessEnv): Buffer {
  const path = secretPath(env);
  mkdirSync(monDir('config', env), { recursive: true, mode: 0o700 });
  const fresh = randomBytes(SECRET_BYTES);
  const temp = `${path}.${process.pid}.${randomBytes(8).toString('hex')}`;
  writeFileSync(temp, `${fresh.toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  try {
    linkSync(temp, path);
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temp, { force: true });
  }
  return readSecret(path);
}

/** The secret at `path`, a file that exists (see planSecret); ConfigError naming it and why it is refused. */
function readSecret(path: string): Buffer {
  const refuse = (why: string) =>
    new ConfigError(
      `${path} is not mon's plan secret: it ${why}. Plans cannot be signed or checked.`,
      'Remove it and run the command again: mon makes a new one (plans made before can then no longer be confirmed).',
    );
  const stats = lstatSync(path);
  if (stats.isSymbolicLink()) throw refuse('is a symbolic link, not a file of its own');
  if (!stats.isFile()) throw refuse(`is ${specialKind(stats) ?? 'a directory'}, not a regular file`);
  // Another user's file could sign plans for them: only the user's own.
  const user = process.getuid?.();
  if (user !== undefined && stats.uid !== user) throw refuse(`belongs to another user (uid ${stats.uid})`);
  let text: string | undefined;
  try {
    // Opened without waiting on a FIFO put there since the look above.
    text = readOwnFile(path, SECRET_TEXT_MAX)?.trim();
  } catch (error) {
    if (error instanceof NotAFileError) throw refuse(`is ${error.kind}, not a regular file`);
    if (error instanceof FileTooLargeError) throw refuse(`is larger than ${SECRET_TEXT_MAX} bytes`);
    throw error;
  }
  const secret = Buffer.from(text ?? '', 'base64url');
  if (secret.length !== SECRET_BYTES || secret.toString('base64url') !== text)
    throw refuse(`does not hold ${SECRET_BYTES} bytes in base64url (${SECRET_TEXT_LENGTH} characters)`);
  return secret;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

function macOf(secret: Buffer, id: string, file: Buffer | string): string {
  const fileDigest = createHash('sha256').update(file).digest('hex');
  return base64url(createHmac('sha256', secret).update(`${id}\n${fileDigest}`).digest().subarray(0, 16));
}

/** Stores a plan; its token and when it expires. Expired plans of more than a day are removed on the way. */
export function storePlan(env: NodeJS.ProcessEnv, now: number, plan: NewPlan): { token: string; expiresAt: string } {
  const secret = planSecret(env);
  const dir = plansDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  prune(dir, now);
  const id = base64url(randomBytes(16));
  const expiresAt = new Date(now + PLAN_LIFETIME_MS).toISOString();
  const stored: StoredPlan = { version: 1, id, createdAt: new Date(now).toISOString(), expiresAt, ...plan };
  const file = Buffer.from(`${stringifyJson(stored, 2)}\n`);
  writeFileSync(join(dir, `${id}.json`), file, { flag: 'wx', mode: 0o600 });
  return { token: `${id}.${macOf(secret, id, file)}`, expiresAt };
}

/** Plans (and their spent marks) whose time is long past. Best effort: a file that cannot go stays. */
function prune(dir: string, now: number): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const match = /^([A-Za-z0-9_-]{22})\.json$/.exec(name);
    if (!match) continue;
    try {
      const { mtimeMs } = lstatSync(join(dir, name));
      if (now - mtimeMs < PLAN_LIFETIME_MS + KEPT_AFTER_EXPIRY_MS) continue;
      rmSync(join(dir, name), { force: true });
      rmSync(join(dir, `${match[1]}.spent`), { force: true });
    } catch {
      // Another mon pruned it first, or it cannot be removed: it is tried again next time.
    }
  }
}

const NOT_A_TOKEN = (why: string) =>
  new UsageError(
    `--plan-token: ${why}. Nothing was sent.`,
    'Use the planToken a plan printed (with --plan, or in agent mode), on the machine and account it was made on; or make a new plan with --plan.',
  );

/** The plan of a token, its signature checked (exit 2 for a token that is no plan's of this installation). */
export function loadPlan(env: NodeJS.ProcessEnv, token: string): StoredPlan {
  const [id = '', mac = '', ...rest] = token.trim().split('.');
  if (!ID.test(id) || !MAC.test(mac) || rest.length)
    throw NOT_A_TOKEN('this is not a plan token (it looks like ID.MAC)');
  let file: string | undefined;
  try {
    file = readOwnFile(join(plansDir(env), `${id}.json`), MAX_PLAN_BYTES);
  } catch (error) {
    if (error instanceof NotAFileError || error instanceof FileTooLargeError)
      throw NOT_A_TOKEN('its plan file is not one mon wrote');
    throw error;
  }
  if (file === undefined)
    throw NOT_A_TOKEN('no plan made here has this token (plans are kept for a day after they expire)');
  const expected = Buffer.from(macOf(planSecret(env), id, file));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw NOT_A_TOKEN('the token does not match its plan (it was not made here, or the plan file was changed)');
  const plan = parseJson(file) as StoredPlan;
  if (plan.version !== 1 || plan.id !== id) throw NOT_A_TOKEN('its plan was written by another version of mon');
  return plan;
}

function spentPath(env: NodeJS.ProcessEnv, id: string): string {
  return join(plansDir(env), `${id}.spent`);
}

/** When the token of this plan was used, if it was. */
export function spentAt(env: NodeJS.ProcessEnv, id: string): string | undefined {
  try {
    return readFileSync(spentPath(env, id), 'utf8').trim() || 'earlier';
  } catch {
    return undefined;
  }
}

/**
 * Marks the plan's token used, before anything is sent: of two runs of one token, only the one
 * that makes the mark sends (exit 10 for the other). `undo` takes the mark back when nothing
 * reached the server.
 */
export function spend(env: NodeJS.ProcessEnv, plan: StoredPlan, now: number): { undo(): void } {
  const path = spentPath(env, plan.id);
  try {
    writeFileSync(path, `${new Date(now).toISOString()}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    throw spentError(plan, spentAt(env, plan.id) ?? 'earlier');
  }
  return { undo: () => rmSync(path, { force: true }) };
}

export function spentError(plan: StoredPlan, when: string): ConflictError {
  return new ConflictError(
    `This plan token was used already (at ${when}): a token sends once. Nothing was sent.`,
    `Look at what it did first; to do it again, make a new plan: \`${plan.replanCommand}\`.`,
  );
}
