import type { ChalkInstance } from 'chalk';
import type { IO } from '../io';

/*
 * What mon says to a person, in one vocabulary (gh's SuccessIcon, WarningIcon): a change
 * that worked starts with a green ✓, a warning with "warning:", a note with "note:", a
 * failure with "error:" (main.ts); and a value (an ID, an incident's status or severity, a
 * heartbeat's state, a runtime's stage, an HTTP status) has one colour wherever it is shown.
 * Colour is the stream's own: none when it is piped or turned off. Messages go to stderr;
 * stdout is for data.
 */

type Speaker = Pick<IO, 'err' | 'errStyle'>;

/** The green tick that starts every confirmation of a change. */
export const successIcon = (style: ChalkInstance) => style.green('✓');
/** What starts a warning: something worked, or will, but not as the person may think. */
export const warningLabel = (style: ChalkInstance) => style.yellow('warning:');
/** What starts a failure's message (main.ts, and commander's own parse errors). */
export const errorLabel = (style: ChalkInstance) => style.red('error:');

/** "✓ Stored template ...": a change that worked. */
export function saySuccess(io: Speaker, text: string): void {
  io.err(`${successIcon(io.errStyle)} ${text}\n`);
}

/** "warning: ...", and what to do about it on the next line. */
export function sayWarning(io: Speaker, text: string, hint?: string): void {
  io.err(`${warningLabel(io.errStyle)} ${text}\n${hint ? `${hint}\n` : ''}`);
}

/**
 * "note: ...": worth knowing, nothing to do. Among a job's own output (`mon heartbeats
 * exec`) the note is labelled "mon:", so that it is not taken for the job's.
 */
export function sayNote(io: Speaker, text: string, label: 'note:' | 'mon:' = 'note:'): void {
  io.err(`${io.errStyle.yellow(label)} ${text}\n`);
}

type Paint = (style: ChalkInstance) => ChalkInstance;
const red: Paint = (style) => style.red;
const yellow: Paint = (style) => style.yellow;
const green: Paint = (style) => style.green;
const cyan: Paint = (style) => style.cyan;

/** The colour of each value, by what it means: red is trouble, yellow attention, green fine. */
const VALUE_COLORS: Readonly<Record<string, Paint>> = {
  // An incident's status: red while it is looked into, yellow once the cause is known, cyan while watched, green when over.
  INVESTIGATING: red,
  IDENTIFIED: yellow,
  MONITORING: cyan,
  RESOLVED: green,
  // Its severity.
  CRITICAL: (style) => style.bold.red,
  MAJOR: red,
  MEDIUM: yellow,
  MINOR: (style) => style.blue,
  // A heartbeat event's state, by what it means for the job: arrived, arrived late, missing.
  RECEIVED: green,
  LATE: yellow,
  GRACE: yellow,
  FAILING: red,
  EARLY: cyan,
  // A heartbeat monitor's state now (api/heartbeat-rules.ts).
  'on time': green,
  'in grace': yellow,
  late: red,
  'never pinged': cyan,
  paused: (style) => style.dim,
  // A check's status (GET /v1/check-statuses, in the words of the list's filter).
  passing: green,
  degraded: yellow,
  failing: red,
  // A runtime's stage.
  CURRENT: green,
  STABLE: green,
  BETA: cyan,
  DEPRECATED: yellow,
  REMOVED: red,
};

/** `text` (the value itself unless told) in the colour of `value`; as it is for a value without one. */
export function colorValue(style: ChalkInstance, value: string | undefined, text: string = value ?? ''): string {
  const paint = value !== undefined && Object.hasOwn(VALUE_COLORS, value) ? VALUE_COLORS[value] : undefined;
  return paint ? paint(style)(text) : text;
}

/** An ID a person copies (cyan). */
export const colorId = (style: ChalkInstance, text: string) => style.cyan(text);

/*
 * The same as colours of a field or a cell, for a view made before it is known where it goes
 * (output/present.ts): each is given the text and the stream's styles.
 */
type Styled = Pick<IO, 'style'>;
/** In the colour of `value` (VALUE_COLORS). */
export const paint = (value: string | undefined) => (text: string, io: Styled) => colorValue(io.style, value, text);
export const paintId = (text: string, io: Styled) => colorId(io.style, text);
export const bold = (text: string, io: Styled) => io.style.bold(text);

/** An HTTP status: red 5xx, yellow 4xx, green otherwise; dim when there was no answer (null). */
export function colorHttpStatus(style: ChalkInstance, status: number | null, text: string): string {
  if (status === null) return style.dim(text);
  return (status >= 500 ? style.red : status >= 400 ? style.yellow : style.green)(text);
}
