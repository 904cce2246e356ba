/**
 * A job system for `mon heartbeats exec` in-process (src/commands/heartbeats/shared/job.ts):
 * it starts no process. The test says how each job goes (it runs, exits, dies of a signal,
 * cannot start, ignores a signal, leaves processes in its group), moves the clock and its
 * timers by hand, and sends mon signals; it sees every signal mon sends the job's group.
 */
import { EventEmitter } from 'node:events';
import type { JobEvents, JobProcess, JobSystem } from '../../../src/commands/heartbeats/shared/job';
import { FakeTimers } from '../../fake-timers';

export class FakeJob implements JobProcess {
  readonly group = true;
  /** Every signal mon sent the job's group, in order. */
  readonly received: NodeJS.Signals[] = [];
  /** Processes of its group still running (the job and those it left), as alive() says. */
  members = 0;
  /** What the job does on a signal (by default: it dies of it, and so does its group). */
  onSignal: (signal: NodeJS.Signals) => void = (signal) => this.die(signal);
  private running = false;

  constructor(
    readonly command: string,
    readonly args: string[],
    readonly env: NodeJS.ProcessEnv,
    private readonly events: JobEvents,
  ) {}

  /** It starts, with this PID. */
  run(pid = 4242): this {
    this.running = true;
    this.members = 1;
    this.events.started(pid);
    return this;
  }

  exit(code: number, options: { leaving?: number } = {}): void {
    this.end({ code, signal: null }, options.leaving ?? 0);
  }

  die(signal: NodeJS.Signals, options: { leaving?: number } = {}): void {
    this.end({ code: null, signal }, options.leaving ?? 0);
  }

  /** It cannot start (ENOENT, EACCES). */
  fail(code: string): void {
    this.events.failed(Object.assign(new Error(code), { code }));
  }

  note(text: string): void {
    this.events.note(text);
  }

  signal(signal: NodeJS.Signals): void {
    this.received.push(signal);
    if (signal === 'SIGKILL') {
      this.members = 0;
      if (this.running) this.die('SIGKILL');
      return;
    }
    if (this.running) this.onSignal(signal);
  }

  alive(): boolean {
    return this.members > 0;
  }

  private end(status: { code: number | null; signal: NodeJS.Signals | null }, leaving: number): void {
    if (!this.running) throw new Error('the job is not running');
    this.running = false;
    this.members = leaving;
    this.events.ended(status);
  }
}

export class FakeJobSystem implements JobSystem {
  readonly timers = new FakeTimers();
  /** mon's signals: `system.signals.emit('SIGTERM', 'SIGTERM')` is `kill -TERM` to mon. */
  readonly signals = new EventEmitter();
  readonly jobs: FakeJob[] = [];
  private waiting: { index: number; resolve: (job: FakeJob) => void }[] = [];

  now = (): number => this.timers.now;

  start = (command: string, args: string[], env: NodeJS.ProcessEnv, events: JobEvents): FakeJob => {
    const job = new FakeJob(command, args, env, events);
    this.jobs.push(job);
    for (const wait of this.waiting.filter((wait) => wait.index === this.jobs.length - 1)) wait.resolve(job);
    return job;
  };

  /** The `index`th job mon starts (the first by default), once it is started. */
  job(index = 0): Promise<FakeJob> {
    const started = this.jobs[index];
    if (started) return Promise.resolve(started);
    return new Promise((resolve) => this.waiting.push({ index, resolve }));
  }
}
