import { errorBody, reason, type SandboxResponse } from './http';
import { MAX_FAULT_DELAY_MS } from './limits';

/**
 * `--faults SPEC`: failures injected into API requests (not pings), for trying retries and
 * error handling. Comma-separated rules, checked in order for each request:
 *
 *   503:0.2       answer 503 to 20% of requests (any status 400-599 works)
 *   503x2         answer 503 to the next 2 requests, then behave
 *   429x1         429 with Retry-After: 1
 *   reset:0.1     close the connection without answering
 *   hang x1       (written hangx1) never answer: the client's timeout must fire
 *   dropx1        do the work (store the incident), then close the connection unanswered
 *   delay:300     wait 300 ms before every answer (at most MAX_FAULT_DELAY_MS)
 *   ...@POST      apply the rule to one method only, e.g. dropx1@POST, 503:0.5@GET
 */
export type FaultAction = { kind: 'status'; status: number } | { kind: 'reset' | 'hang' | 'drop' };

interface Rule {
  action: FaultAction;
  probability?: number;
  remaining?: number;
  method?: string;
}

export interface Faults {
  /** The fault for this request, if one fires. */
  pick(method: string): FaultAction | undefined;
  delayMs: number;
}

export function parseFaults(spec: string, random: () => number = Math.random): Faults {
  const rules: Rule[] = [];
  let delayMs = 0;
  for (const raw of spec
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [body, method] = raw.split('@') as [string, string | undefined];
    const delay = /^delay:(\d+)$/.exec(body);
    if (delay) {
      delayMs = Number(delay[1]);
      if (delayMs > MAX_FAULT_DELAY_MS) {
        throw new Error(
          `Invalid fault ${JSON.stringify(raw)}: a delay is at most ${MAX_FAULT_DELAY_MS} ms (24.8 days), the longest wait Node.js keeps`,
        );
      }
      continue;
    }
    const match = /^(\d{3}|reset|hang|drop)(?::(0(?:\.\d+)?|1(?:\.0+)?)|x(\d+))$/.exec(body);
    if (!match) {
      throw new Error(
        `Invalid fault ${JSON.stringify(raw)}: expected STATUS:P, STATUSxN, reset|hang|drop:P or xN, or delay:MS (optionally @METHOD), e.g. 503:0.2,429x1,delay:300.`,
      );
    }
    const [, what, probability, count] = match as unknown as [string, string, string | undefined, string | undefined];
    let action: FaultAction;
    if (/^\d{3}$/.test(what)) {
      const status = Number(what);
      if (status < 400 || status > 599)
        throw new Error(`Invalid fault ${JSON.stringify(raw)}: the status must be 400-599.`);
      action = { kind: 'status', status };
    } else {
      action = { kind: what as 'reset' | 'hang' | 'drop' };
    }
    const rule: Rule = { action };
    if (probability !== undefined) rule.probability = Number(probability);
    if (count !== undefined) rule.remaining = Number(count);
    if (method) rule.method = method.toUpperCase();
    rules.push(rule);
  }
  return {
    delayMs,
    pick(method) {
      for (const rule of rules) {
        if (rule.method && rule.method !== method) continue;
        if (rule.remaining !== undefined) {
          if (rule.remaining <= 0) continue;
          rule.remaining--;
          return rule.action;
        }
        if (rule.probability !== undefined && random() < rule.probability) return rule.action;
      }
      return undefined;
    },
  };
}

/** After the rules' delay, the fault for this API request, if one fires. */
export async function nextFault(faults: Faults, method: string): Promise<FaultAction | undefined> {
  if (faults.delayMs) await new Promise((resolve) => setTimeout(resolve, faults.delayMs));
  return faults.pick(method);
}

/** The answer a `status` fault gives: the API's error body; a 429 says when to try again. */
export function faultAnswer(status: number): Required<Pick<SandboxResponse, 'status' | 'body' | 'headers'>> {
  return {
    status,
    body: errorBody(status, `Injected fault (--faults): ${reason(status)}`),
    headers: status === 429 ? { 'retry-after': '1' } : {},
  };
}
