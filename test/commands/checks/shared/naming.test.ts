/**
 * Every rule of the DNS create body (and of the deprecated combined create) is checked
 * before anything is sent: exit 2, a message naming the flag (or the --file path) and the
 * rule, and zero requests received by the sandbox.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../../src/sandbox/server';
import { memorySandbox, mon } from '../../../helpers';
import { argv, words } from '../../../words';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(() => {
  sandbox.requests.length = 0;
});

const dir = mkdtempSync(join(tmpdir(), 'mon-checks-validation-'));
function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

const DNS = 'checks create-dns --name n --query example.com';
const COMBINED = 'checks create --name n --query example.com';
const many = (flag: string, count: number) => Array.from({ length: count }, (_, i) => [flag, `K${i}=v`]).flat();

interface Case {
  rule: string;
  /** The command line, or its words (for a value no quoting makes readable). */
  args: string | string[];
  says: string[];
  stdin?: string;
}

const CASES: Case[] = [
  // Enums of the spec.
  {
    rule: 'locations enum',
    args: `${DNS} --location mars-1`,
    says: ['--location must be one of us-east-1, us-east-2', '(got "mars-1")'],
  },
  {
    rule: 'runtimeId enum',
    args: `${DNS} --runtime 2021.01`,
    says: ['--runtime must be one of 2026.04, 2025.04', '(got "2021.01")'],
  },
  {
    rule: 'frequency enum',
    args: `${DNS} --frequency 7`,
    says: ['--frequency must be one of 0, 1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720 or 1440 (minutes) (got 7)'],
  },
  {
    rule: 'frequency not a number',
    args: `${DNS} --frequency hourly`,
    says: ['--frequency must be one of 0, 1, 2', '(got "hourly")'],
  },
  // Limits.
  {
    rule: 'description <= 500',
    args: `${DNS} --description ${'x'.repeat(501)}`,
    says: ['--description must be at most 500 characters'],
  },
  {
    rule: 'environmentVariables <= 50',
    args: [...words(DNS), ...many('--env', 30), ...many('--secret-env', 21)],
    says: ['--env must have at most 50 variables (got 51)'],
  },
  {
    rule: 'degradedResponseTime >= 0',
    args: `${DNS} --degraded-response-time -1`,
    says: ['--degraded-response-time must be between 0 and 5000 (ms) (got -1)'],
  },
  {
    rule: 'maxResponseTime <= 5000',
    args: `${DNS} --max-response-time 5001`,
    says: ['--max-response-time must be between 0 and 5000 (ms) (got 5001)'],
  },
  {
    rule: 'degraded <= max',
    args: `${DNS} --degraded-response-time 800 --max-response-time 700`,
    says: ['--degraded-response-time must not be greater than --max-response-time 700 (degraded <= max) (got 800)'],
  },
  {
    rule: 'degraded <= max with the default degraded',
    args: `${DNS} --max-response-time 300`,
    says: ['--max-response-time must not be less than the default --degraded-response-time 500'],
  },
  {
    rule: 'degraded <= max with the default max',
    args: `${DNS} --degraded-response-time 1500`,
    says: ['--degraded-response-time must not be greater than the default --max-response-time 1000'],
  },
  { rule: 'groupOrder >= 0', args: `${DNS} --group-order -1`, says: ['--group-order must be >= 0 (got -1)'] },
  // The four frequencyOffset rules.
  // Rule 1 (frequency 0 takes an offset of 10, 20 or 30) is for API and TCP checks, which no
  // command builds: test/api/schemas/checks.test.ts holds it.
  {
    rule: 'offset rule 2: 1..floor(frequency*10)',
    args: `${DNS} --frequency 5 --frequency-offset 51`,
    says: [
      '--frequency-offset must be between 1 and 50 for --frequency 5 (frequencyOffset rule: 1..floor(frequency*10)) (got 51)',
    ],
  },
  {
    rule: 'offset rule 2 with the default frequency',
    args: `${DNS} --frequency-offset 101`,
    says: ['--frequency-offset must be between 1 and 100 for the default --frequency 10'],
  },
  {
    rule: 'offset rule 3: 1..ceil(frequency/60)',
    args: `${DNS} --frequency 120 --frequency-offset 3`,
    says: [
      '--frequency-offset must be between 1 and 2 for --frequency 120 (frequencyOffset rule: 1..ceil(frequency/60)) (got 3)',
    ],
  },
  {
    rule: 'offset >= 1',
    args: `${DNS} --frequency-offset 0`,
    says: ['--frequency-offset must be a whole number >= 1 (got 0)'],
  },
  {
    rule: 'offset rule 4: no seconds-level frequency for DNS',
    args: `${DNS} --frequency 0 --frequency-offset 10`,
    says: [
      '--frequency 0 (a run every 10, 20 or 30 seconds) is not available for DNS checks: seconds-level frequencies exist only for API and TCP checks',
    ],
  },
  // The DNS request.
  { rule: 'query required', args: 'checks create-dns --name n', says: ['--query is required'] },
  { rule: 'name required', args: 'checks create-dns --query example.com', says: ['--name is required'] },
  {
    rule: 'name not blank',
    args: 'checks create-dns --name "  " --query example.com',
    says: ['--name must not be empty'],
  },
  {
    rule: 'query <= 100',
    args: `checks create-dns --name n --query ${'q'.repeat(101)}`,
    says: ['--query must be at most 100 characters'],
  },
  {
    rule: 'record type enum',
    args: `${DNS} --record-type PTR`,
    says: ['--record-type must be one of A, AAAA, CNAME, MX, TXT, SOA, NS or HTTPS (got "PTR")'],
  },
  {
    rule: 'protocol enum',
    args: `${DNS} --protocol sctp`,
    says: ['--protocol must be one of UDP or TCP (got "SCTP")'],
  },
  {
    rule: 'port range',
    args: `${DNS} --port 70000`,
    says: ['--port must be a port number from 1 to 65535 (got 70000)'],
  },
  {
    rule: 'assertion source enum',
    args: `${DNS} --assert "ANSWER EQUALS 1.2.3.4"`,
    says: [
      '--assert "ANSWER EQUALS 1.2.3.4" source must be one of RESPONSE_CODE, RESPONSE_TIME, TEXT_ANSWER or JSON_ANSWER (got "ANSWER")',
    ],
  },
  {
    rule: 'assertion comparison enum',
    args: `${DNS} --assert "RESPONSE_CODE IS NOERROR"`,
    says: ['--assert "RESPONSE_CODE IS NOERROR" comparison must be one of EQUALS, NOT_EQUALS', '(got "IS")'],
  },
  {
    rule: 'assertion needs a comparison',
    args: `${DNS} --assert RESPONSE_CODE`,
    says: ['--assert "RESPONSE_CODE" comparison is required: one of EQUALS'],
  },
  // Retry strategy, alert settings, incident trigger (the reference's enums and ranges).
  {
    rule: 'retry type enum',
    args: `${DNS} --retry-type RANDOM`,
    says: ['--retry-type must be one of FIXED, LINEAR, EXPONENTIAL or SINGLE_RETRY'],
  },
  {
    rule: 'retry type required',
    args: `${DNS} --retry-max-retries 2`,
    says: ['--retry-type is required: one of FIXED, LINEAR, EXPONENTIAL or SINGLE_RETRY'],
  },
  {
    rule: 'retry maxRetries 1..10',
    args: `${DNS} --retry-type FIXED --retry-max-retries 11`,
    says: ['--retry-max-retries must be a whole number from 1 to 10 (got 11)'],
  },
  {
    rule: 'retry maxDurationSeconds 0..600',
    args: `${DNS} --retry-type LINEAR --retry-max-duration-seconds 601`,
    says: ['--retry-max-duration-seconds must be between 0 and 600 (seconds) (got 601)'],
  },
  {
    rule: 'retry onlyOn enum',
    args: `${DNS} --retry-type FIXED --retry-only-on TIMEOUT`,
    says: ['--retry-only-on must be one of NETWORK_ERROR (got "TIMEOUT")'],
  },
  {
    rule: 'escalation type enum',
    args: `${DNS} --alert-escalation-type SOMETIMES`,
    says: ['--alert-escalation-type must be one of RUN_BASED or TIME_BASED'],
  },
  {
    rule: 'failed run threshold enum',
    args: `${DNS} --alert-failed-run-threshold 6`,
    says: ['--alert-failed-run-threshold must be one of 1, 2, 3, 4 or 5 (failed runs) (got 6)'],
  },
  {
    rule: 'reminder interval enum',
    args: `${DNS} --alert-reminders-interval 7`,
    says: ['--alert-reminders-interval must be one of 1, 2, 3, 4, 5, 10, 15 or 30 (minutes) (got 7)'],
  },
  {
    rule: 'parallel failure percentage enum',
    args: `${DNS} --alert-parallel-run-failure-threshold 35`,
    says: ['--alert-parallel-run-failure-threshold must be one of 10, 20, 30'],
  },
  {
    rule: 'incident trigger needs service, severity and name',
    args: `${DNS} --trigger-incident-description "DNS is failing"`,
    says: [
      '--trigger-incident-service is required',
      '--trigger-incident-severity is required: one of CRITICAL, MAJOR, MEDIUM or MINOR',
      '--trigger-incident-name is required',
    ],
  },
  // Flags written wrongly.
  { rule: '--env needs KEY=VALUE', args: `${DNS} --env TOKEN`, says: ['--env must be KEY=VALUE (got "TOKEN")'] },
  { rule: '--env key not empty', args: `${DNS} --env =value`, says: ['--env #1 key must not be empty'] },
  { rule: '--tag not empty', args: `${DNS} --tag ''`, says: ['--tag must not be empty'] },
  {
    rule: '--alert-channel is a number',
    args: `${DNS} --alert-channel pager`,
    says: ['--alert-channel must be a number (got "pager")'],
  },
  // The deprecated combined create's own fields.
  {
    rule: 'type required without a terminal',
    args: COMBINED,
    says: ['--type is required: one of AGENTIC, API, BROWSER'],
  },
  {
    rule: 'type enum',
    args: `${COMBINED} --type SMTP`,
    says: [
      '--type must be one of AGENTIC, API, BROWSER, HEARTBEAT, ICMP, MULTI_STEP, TCP, PLAYWRIGHT, URL or DNS (got "SMTP")',
    ],
  },
  {
    rule: 'the combined create builds DNS checks only: another type names mon api',
    args: `${COMBINED} --type api`,
    says: [
      '`mon checks create` builds DNS checks only: its flags describe a DNS request, and an API check',
      '`mon api -X POST /v1/checks --input check.json`',
    ],
  },
  {
    rule: 'the combined create builds DNS checks only: a heartbeat names heartbeats create',
    args: `${COMBINED} --type HEARTBEAT`,
    says: ['does not build heartbeat monitors', '`mon heartbeats create --name n --period 1d --grace 1h`'],
  },
  {
    rule: 'the combined create builds DNS checks only, whether the type comes from a flag or --file',
    args: `${COMBINED} --file ${file('tcp.json', '{"type": "TCP"}')}`,
    says: ['builds DNS checks only', 'a TCP check'],
  },
  {
    rule: 'dependency written as PATH=@LOCALFILE',
    args: `${COMBINED} --type DNS --dependency lib/a.js`,
    says: ['--dependency must be PATH=@LOCALFILE', '(got "lib/a.js")'],
  },
  {
    rule: 'dependency file must exist',
    args: `${COMBINED} --type DNS --dependency lib/a.js=@${join(dir, 'nope.js')}`,
    says: ['cannot read', 'there is no such file'],
  },
  {
    rule: 'dependency content non-empty',
    args: `${COMBINED} --type DNS --dependency lib/a.js=@${file('empty.js', '')}`,
    says: ['content must not be empty'],
  },
  {
    rule: 'dependency path <= 1000',
    args: `${COMBINED} --type DNS --dependency ${'p'.repeat(1001)}=@${file('dep.js', 'module.exports = 1')}`,
    says: ['path must be at most 1000 characters'],
  },
  // --file: not JSON, not an object, unreadable, and values the file gave.
  {
    rule: '--file not JSON',
    args: `${DNS} --file ${file('broken.json', '{"name": ')}`,
    says: ['--file', 'broken.json is not valid JSON'],
  },
  {
    rule: '--file not an object',
    args: `${DNS} --file ${file('array.json', '[1, 2]')}`,
    says: ['--file', 'must hold a JSON object (the request body), not an array'],
  },
  {
    rule: '--file - not an object',
    args: `${DNS} --file -`,
    stdin: '"just text"',
    says: ['--file stdin must hold a JSON object'],
  },
  {
    rule: '--file missing',
    args: `${DNS} --file ${join(dir, 'missing.json')}`,
    says: ['--file', 'missing.json: cannot read it (there is no such file)'],
  },
  {
    rule: 'a value from --file is named by its path',
    args: `${DNS} --file ${file('offset.json', JSON.stringify({ frequency: 5, frequencyOffset: 60 }))}`,
    says: [
      'frequencyOffset (from --file) must be between 1 and 50 for frequency 5 (from --file) (frequencyOffset rule: 1..floor(frequency*10)) (got 60)',
    ],
  },
  {
    rule: 'a nested value from --file',
    args: `${DNS} --file ${file('port.json', JSON.stringify({ request: { port: 'fifty-three' } }))}`,
    says: ['request.port (from --file) must be a number (got "fifty-three")'],
  },
  {
    rule: 'an unknown field in --file',
    args: `${DNS} --file ${file('typo.json', JSON.stringify({ frequncy: 5, request: { qurey: 'x' } }))}`,
    says: ['the --file body has unknown field "frequncy"', 'request (from --file) has unknown field "qurey"'],
  },
  {
    rule: 'description limit from --file',
    args: `${DNS} --file ${file('description.json', JSON.stringify({ description: 'd'.repeat(501) }))}`,
    says: ['description (from --file) must be at most 500 characters'],
  },
  {
    rule: 'environmentVariables limit from --file',
    args: `${DNS} --file ${file(
      'env.json',
      JSON.stringify({ environmentVariables: Array.from({ length: 51 }, (_, i) => ({ key: `K${i}`, value: 'v' })) }),
    )}`,
    says: ['environmentVariables (from --file) must have at most 50 variables (got 51)'],
  },
];

describe('checks create-dns / create: every rule, before anything is sent', () => {
  it.each(CASES)('$rule', async ({ args, says, stdin }) => {
    const result = await mon([...argv(args), '--no-input'], { sandbox, stdin });
    expect(result.stdout).toBe('');
    for (const text of says) expect(result.stderr).toContain(text);
    expect(result.code).toBe(2);
    expect(sandbox.requests).toHaveLength(0);
  });

  it('lists every problem in one message', async () => {
    const result = await mon(
      `${DNS} --location mars-1 --frequency 5 --frequency-offset 60 --description ${'x'.repeat(501)} --env NOPE`,
      { sandbox },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error: 4 problems:');
    expect(result.stderr).toContain('--env must be KEY=VALUE');
    expect(result.stderr).toContain('--location must be one of');
    expect(result.stderr).toContain('--description must be at most 500 characters');
    expect(result.stderr).toContain('--frequency-offset must be between 1 and 50 for --frequency 5');
    expect(sandbox.requests).toHaveLength(0);
  });

  it('never echoes a secret: a --secret-env without "=" or with a bad value', async () => {
    const secret = JSON.stringify({ environmentVariables: [{ key: 'K', value: 12345678, secret: true }] });
    const result = await mon(`${DNS} --secret-env hunter2-very-secret --file ${file('secret.json', secret)}`, {
      sandbox,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--secret-env must be KEY=VALUE');
    expect(result.stderr).not.toContain('hunter2');
    const fromFile = await mon(`${DNS} --file ${file('secret2.json', secret)}`, { sandbox });
    expect(fromFile.stderr).toContain('environmentVariables[0].value (from --file) must be text');
    expect(fromFile.stderr).not.toContain('12345678');
    expect(sandbox.requests).toHaveLength(0);
  });

  it('a flag overrides a bad value of the file, so the file no longer fails', async () => {
    const body = file('fixable.json', JSON.stringify({ frequency: 7, request: { recordType: 'PTR' } }));
    const result = await mon(`${DNS} --file ${body} --frequency 5 --record-type AAAA --dry-run`, {
      sandbox,
    });
    expect(result.stderr).not.toContain('error');
    expect(result.code).toBe(0);
    expect(sandbox.requests).toHaveLength(0);
  });

  it('says why a --frequency 0 is refused for DNS, by either create', async () => {
    const dns = await mon(`${DNS} --frequency 0 --frequency-offset 10`, { sandbox });
    expect(dns.code).toBe(2);
    expect(dns.stderr).toContain('seconds-level frequencies exist only for API and TCP checks; use 1 minute or more');
    const combined = await mon(`${COMBINED} --type DNS --frequency 0 --frequency-offset 30 --dry-run`, { sandbox });
    expect(combined.code).toBe(2);
    expect(combined.stderr).toContain('not available for DNS checks');
    expect(sandbox.requests).toHaveLength(0);
  });
});
