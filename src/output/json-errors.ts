/**
 * Errors as JSON: with --json or --jq, an error is one JSON object on one line of stderr,
 * `{"error": {"exitCode", "kind", "message", "hint", "status", "requestId"}}`, so that a
 * script can tell a 404 from a 429 without reading English. main.ts decides what an error
 * says; this is its shape.
 */

export interface ErrorReport {
  exitCode: number;
  kind: string;
  message: string;
  hint?: string;
  /** Only when there was an HTTP answer: its status, and its request ID (null when it sent none). */
  http?: { status: number; requestId?: string };
}

// Colour is decided per stream, but a message may carry styled parts made for a terminal.
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;
const plain = (text: string) => text.replace(ANSI, '');

/** The error as one line of JSON (with its newline). Secrets are masked by the IO that writes it. */
export function errorJson(report: ErrorReport): string {
  const error: Record<string, unknown> = {
    exitCode: report.exitCode,
    kind: report.kind,
    message: plain(report.message),
    hint: report.hint === undefined ? null : plain(report.hint),
  };
  if (report.http) {
    error.status = report.http.status;
    error.requestId = report.http.requestId ?? null;
  }
  return `${JSON.stringify({ error })}\n`;
}
