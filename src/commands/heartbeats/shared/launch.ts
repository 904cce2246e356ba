import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, closeSync, constants as fs, openSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { constants as os } from 'node:os';
import { delimiter, join } from 'node:path';
import { NODE_TIMERS } from '../../../timers';
import type { JobEvents, JobProcess, JobSystem } from './job';
import { spawnPlan, thisSystem } from './spawn';

/*
 * How `mon heartbeats exec` starts its job on this machine: always in a process group of its
 * own, so that --max-runtime and mon's signals reach the job's children too.
 *
 * Node can put a child in a new session (setsid), not in a new process group of the same
 * session, and cannot hand a terminal's foreground to it (tcsetpgrp) nor reap processes it
 * did not start (waitpid). So:
 *
 * - Without a controlling terminal (cron, a supervisor, a container), the job is started in a
 *   session of its own, as it is.
 * - With one, or when mon is process 1 (a container's first process, to which the job's
 *   orphans go), the job is started by a launcher: a few lines of Perl (LAUNCHER; Perl is on
 *   macOS and on nearly every Linux, Debian's slim images included) doing what a shell with
 *   job control does: the job in a process group of its own, the terminal's foreground handed
 *   to it while it runs (Ctrl-C and Ctrl-\ reach the job, not mon) and taken back after; Ctrl-Z
 *   stops the job and mon together, as one job of the shell, and `fg` continues both. As
 *   process 1's child it declares itself the reaper of the job's orphans
 *   (PR_SET_CHILD_SUBREAPER) and reaps them until the job ends, as tini does.
 * - Without Perl: at a terminal, the job has a session of its own, and mon (then in the
 *   terminal's foreground) passes on what the terminal sends it: Ctrl-C, Ctrl-\, a new window
 *   size, and Ctrl-Z (the job stopped with mon, continued with it); what the job cannot do then
 *   is open /dev/tty. As process 1, mon says that the orphans are not reaped, and how to have
 *   them reaped (an init: `docker run --init`).
 * - On Windows there are no process groups: the job is started as spawn.ts plans it.
 */

/** This machine's way of starting jobs. */
export function hostJobSystem(): JobSystem {
  return {
    start: startJob,
    timers: NODE_TIMERS,
    now: () => performance.now(),
    signals: process,
  };
}

function startJob(command: string, args: string[], env: NodeJS.ProcessEnv, events: JobEvents): JobProcess {
  if (process.platform === 'win32') return startAlone(command, args, env, events, { group: false, terminal: false });
  const terminal = hasControllingTerminal();
  const init = process.pid === 1 && process.platform === 'linux';
  const perl = terminal || init ? findPerl(env) : undefined;
  const reaper = init ? SUBREAPER_SYSCALL[process.arch] : undefined;
  if (init && (!perl || !reaper)) {
    events.note(
      "Running as process 1 (a container's first process), mon cannot reap the orphans the job leaves: " +
        `that takes Perl${perl ? ` and prctl's number on ${process.arch}` : ''}, not found here; ` +
        'they stay zombies until mon exits. Run the container with an init (docker run --init) to have them reaped.',
    );
  }
  if (!perl) return startAlone(command, args, env, events, { group: true, terminal });
  return startLaunched(perl, command, args, env, events, { terminal, reaper: reaper ?? 0 });
}

/** Does mon have a controlling terminal (whether or not it is in its foreground)? */
function hasControllingTerminal(): boolean {
  try {
    closeSync(openSync('/dev/tty', fs.O_RDONLY | fs.O_NOCTTY));
    return true;
  } catch {
    return false;
  }
}

/** `perl` on the job's PATH, or undefined. */
function findPerl(env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '/usr/bin:/bin').split(delimiter)) {
    if (!dir.startsWith('/')) continue; // a relative PATH entry would depend on the directory
    const file = join(dir, 'perl');
    try {
      accessSync(file, fs.X_OK);
      if (statSync(file).isFile()) return file;
    } catch {
      // Not here.
    }
  }
  return undefined;
}

/** prctl's number on Linux, by Node's name of the architecture: the launcher calls prctl(PR_SET_CHILD_SUBREAPER). */
const SUBREAPER_SYSCALL: Partial<Record<string, number>> = {
  x64: 157,
  arm64: 167,
  riscv64: 167,
  loong64: 167,
  ia32: 172,
  arm: 172,
  s390x: 172,
  ppc64: 171,
};

/** An errno's name (ENOENT) from its number on this system. */
function errnoName(number: number): string {
  return Object.entries(os.errno).find(([, value]) => value === number)?.[0] ?? `errno ${number}`;
}

/** A signal's name from its number on this system. */
function signalName(number: number): NodeJS.Signals | null {
  const found = Object.entries(os.signals).find(([, value]) => value === number);
  return found ? (found[0] as NodeJS.Signals) : null;
}

/** The job started by Node itself: in a session of its own (a process group with it), except on Windows. */
function startAlone(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  events: JobEvents,
  options: { group: boolean; terminal: boolean },
): JobProcess {
  const plan = spawnPlan(command, args, thisSystem(env));
  const child = spawn(plan.file, plan.args, {
    stdio: 'inherit',
    env,
    windowsVerbatimArguments: plan.windowsVerbatimArguments,
    detached: options.group,
  });
  const job = aloneProcess(child, options.group);
  const untie = options.terminal ? passTerminalSignals(job) : () => {};
  child.once('error', (error: NodeJS.ErrnoException) => {
    if (child.pid === undefined) {
      untie();
      events.failed(error);
    }
  });
  child.once('exit', (code, signal) => {
    untie();
    events.ended({ code, signal });
  });
  // Its PID is known as soon as spawn returns (none when it could not start: 'error' follows).
  if (child.pid !== undefined) events.started(child.pid);
  return job;
}

function aloneProcess(child: ChildProcess, group: boolean): JobProcess {
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    group,
    signal(signal) {
      if (child.pid === undefined) return;
      if (group) signalGroup(child.pid, signal);
      else if (running()) child.kill(signal);
    },
    alive: () => child.pid !== undefined && (group ? groupAlive(child.pid) : running()),
  };
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: none of it is left.
  }
}

/**
 * Is a process of the group still running? Linux says which are zombies (ended, not yet reaped
 * by the process they were left to, which may never do it: a container's first process): they
 * do not count. Elsewhere, any process of the group does.
 */
function groupAlive(pgid: number): boolean {
  let pids: string[];
  try {
    pids = readdirSync('/proc');
  } catch {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch {
      return false;
    }
  }
  for (const pid of pids) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z') return true;
  }
  return false;
}

/**
 * Without the launcher at a terminal (see above), mon is in the terminal's foreground and the
 * job is not: what the terminal sends mon besides the FORWARDED signals of job.ts is passed on
 * here. Ctrl-Z stops the job, then mon (as one job of the shell); continued, mon continues it.
 */
function passTerminalSignals(job: JobProcess): () => void {
  const resize = () => job.signal('SIGWINCH');
  const suspend = () => {
    job.signal('SIGSTOP');
    process.kill(process.pid, 'SIGSTOP');
  };
  const resume = () => job.signal('SIGCONT');
  process.on('SIGWINCH', resize);
  process.on('SIGTSTP', suspend);
  process.on('SIGCONT', resume);
  return () => {
    process.off('SIGWINCH', resize);
    process.off('SIGTSTP', suspend);
    process.off('SIGCONT', resume);
  };
}

/**
 * The launcher, run as `perl -e LAUNCHER -- TERMINAL SYSCALL TTIN TTOU N NAME=VALUE...
 * COMMAND ARGS...`. It reports on file descriptor 3, one line each: "launcher" (it runs),
 * then "pid PID" (the job runs: its exec succeeded) and "exit CODE" or "signal NUMBER" (how
 * it ended), or "error ERRNO" (the number: the job could not be started). TERMINAL 1: hand
 * the job the terminal's foreground when mon has it (then Ctrl-Z: the job stopped, so are mon
 * and the launcher, as one job of the shell; continued, it continues the job); SYSCALL:
 * prctl's number, to reap orphans (0: none); TTIN and TTOU: those signals' numbers; the N
 * NAME=VALUE are variables kept from Perl (PERL5OPT and the like), given back to the job.
 * Signals mon passes on are ignored by the launcher (mon sends them to the job's group); the
 * job starts with none ignored. Perl's own functions only, with the wait status read as
 * Linux and the BSDs write it: POSIX (12 ms to load) is loaded at a terminal alone
 * (tcsetpgrp).
 */
const LAUNCHER = `use strict;
my ($terminal, $syscall, $ttin, $ttou, $kept) = splice(@ARGV, 0, 5);
my %restore = map { split(/=/, $_, 2) } splice(@ARGV, 0, $kept);
open(my $report, '>&=', 3) or exit 125;
fcntl($report, 2, 1); # F_SETFD, FD_CLOEXEC: the job does not get it
sub report { syswrite($report, "$_[0]\\n") }
my @passed = qw(INT QUIT TERM HUP USR2 PIPE);
$SIG{$_} = 'IGNORE' for @passed;
report('launcher');
syscall($syscall + 0, 36, 1, 0, 0, 0) if $syscall; # prctl(PR_SET_CHILD_SUBREAPER, 1)
my $tty;
undef $tty unless $terminal && open($tty, '+<', '/dev/tty');
require POSIX if $tty;
my $own = getpgrp();
sub front { $tty ? POSIX::tcgetpgrp(fileno $tty) : -1 }
sub give { local $SIG{TTOU} = 'IGNORE'; POSIX::tcsetpgrp(fileno $tty, $_[0]) }
my $first = $tty && front() == $own;
# The job's errno if it cannot be started; closed at its exec (close-on-exec, as Perl opens it).
pipe(my $failed, my $failing) or do { report('error ' . ($! + 0)); exit 126 };
my $pid = fork;
if (!defined $pid) { report('error ' . ($! + 0)); exit 126 }
if ($pid == 0) {
  close $failed;
  $SIG{$_} = 'DEFAULT' for @passed;
  delete $ENV{PERL_BADLANG};
  $ENV{$_} = $restore{$_} for keys %restore;
  setpgrp(0, 0);
  give($$) if $first;
  { exec { $ARGV[0] } @ARGV }
  syswrite($failing, $! + 0);
  exit 127;
}
close $failing;
setpgrp($pid, $pid);
give($pid) if $first;
my $errno = '';
1 until defined sysread($failed, $errno, 16);
if (length $errno) { waitpid($pid, 0); give($own) if $tty && front() == $pid; report("error $errno"); exit 127 }
report("pid $pid");
my $status;
for (;;) {
  my $got = waitpid(-1, $tty ? 2 : 0); # WUNTRACED at a terminal
  if ($got == -1) { next if $! == 4; last } # EINTR
  next if $got != $pid; # an orphan of the job, reaped
  my $native = \${^CHILD_ERROR_NATIVE};
  if (($native & 0xff) == 0x7f) { # stopped
    my $why = ($native >> 8) & 0xff;
    if (($why != $ttin && $why != $ttou) || front() != $own) {
      give($own) if front() == $pid;
      kill 'STOP', 0;
    }
    give($pid) if front() == $own;
    kill 'CONT', -$pid;
    next;
  }
  $status = $native;
  last;
}
give($own) if $tty && front() == $pid;
exit 126 unless defined $status;
if ($status & 0x7f) { report('signal ' . ($status & 0x7f)); exit 128 + ($status & 0x7f) }
report('exit ' . (($status >> 8) & 0xff));
exit(($status >> 8) & 0xff);
`;

/** What the launcher's Perl must not read from the job's environment (they would change or load code); given back to the job. */
const PERL_VARIABLES = ['PERL5OPT', 'PERL5LIB', 'PERLLIB', 'PERL5DB', 'PERLIO', 'PERL_BADLANG'];

/** The job started by the launcher (see above). */
function startLaunched(
  perl: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  events: JobEvents,
  options: { terminal: boolean; reaper: number },
): JobProcess {
  const kept = PERL_VARIABLES.filter((name) => env[name] !== undefined).map((name) => `${name}=${env[name]}`);
  const launcherEnv: NodeJS.ProcessEnv = { ...env, PERL_BADLANG: '0' };
  for (const name of PERL_VARIABLES) if (name !== 'PERL_BADLANG') delete launcherEnv[name];
  const launcher = spawn(
    perl,
    [
      '-e',
      LAUNCHER,
      '--',
      options.terminal ? '1' : '0',
      String(options.reaper),
      String(os.signals.SIGTTIN),
      String(os.signals.SIGTTOU),
      String(kept.length),
      ...kept,
      command,
      ...args,
    ],
    { stdio: ['inherit', 'inherit', 'inherit', 'pipe'], env: launcherEnv },
  );
  let pid: number | undefined;
  let ran = false;
  let error: string | undefined;
  let status: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const queued: NodeJS.Signals[] = [];
  const job: JobProcess = {
    group: true,
    signal(signal) {
      if (pid === undefined) queued.push(signal);
      else signalGroup(pid, signal);
    },
    alive: () => pid !== undefined && groupAlive(pid),
  };
  let buffered = '';
  const read = (line: string) => {
    const [what, value = ''] = line.split(' ');
    if (what === 'launcher') ran = true;
    else if (what === 'pid') {
      pid = Number(value);
      events.started(pid);
      for (const signal of queued.splice(0)) signalGroup(pid, signal);
    } else if (what === 'error') error = errnoName(Number(value));
    else if (what === 'exit') status = { code: Number(value), signal: null };
    else if (what === 'signal') status = { code: null, signal: signalName(Number(value)) };
  };
  (launcher.stdio[3] as NodeJS.ReadableStream).setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      read(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
    }
  });
  let fallback: JobProcess | undefined;
  launcher.once('error', () => {
    // Perl could not be started after all (it was found a moment ago): Node starts the job.
    if (!ran) fallback = startAlone(command, args, env, events, { group: true, terminal: options.terminal });
  });
  launcher.once('close', (code, signal) => {
    if (fallback) return;
    if (error !== undefined) return events.failed(Object.assign(new Error(error), { code: error }));
    // A Perl that could not run the launcher (a module missing) started nothing: Node starts the job.
    if (!ran) {
      fallback = startAlone(command, args, env, events, { group: true, terminal: options.terminal });
      return;
    }
    events.ended(status ?? { code, signal });
  });
  return {
    group: true,
    signal: (signal) => (fallback ?? job).signal(signal),
    alive: () => (fallback ?? job).alive(),
  };
}
