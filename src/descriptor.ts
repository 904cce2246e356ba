import type * as FS from 'node:fs';

/*
 * stdout and stderr as mon writes them, light enough for the start-up (src/start/) to share
 * with the bundle (io.ts): no stream built until one is needed, and one line for a write that
 * fails.
 */

/**
 * stdout or stderr of this process. While it is a file or a pipe and nothing needed its stream,
 * text is written to the descriptor synchronously: process.stdout costs ~1.5 ms to build for a
 * pipe (a net.Socket, and node:net's ~3 ms when nothing loaded it yet), and Node writes to a
 * file or (on Linux) a pipe synchronously anyway. A terminal, Windows, a pipe that is full
 * (EAGAIN: its other end reads slowly and the descriptor does not wait) or a caller that asks
 * for the stream get the stream, and every later write goes through it, in order.
 */
export class Output {
  private built: NodeJS.WriteStream | undefined;
  private tty: boolean | undefined;

  constructor(
    private readonly fd: 1 | 2,
    private readonly build: () => NodeJS.WriteStream,
    private readonly fs: Pick<typeof FS, 'fstatSync' | 'writeSync'> = process.getBuiltinModule('node:fs'),
  ) {}

  get stream(): NodeJS.WriteStream {
    return (this.built ??= this.build());
  }

  get isTTY(): boolean {
    // Closed, or on Windows: the stream is what Node makes of it.
    this.tty ??= (this.built ? undefined : isTerminal(this.fd, this.fs)) ?? Boolean(this.stream.isTTY);
    return this.tty;
  }

  /** Throws EPIPE when the reader has gone (the stream emits it as an error instead), or another write error. */
  write(text: string): void {
    if (this.built || this.isTTY) {
      this.stream.write(text);
      return;
    }
    const bytes = Buffer.from(text);
    for (let at = 0; at < bytes.length;) {
      try {
        at += this.fs.writeSync(this.fd, bytes, at);
      } catch (error) {
        // A full pipe, or a closed descriptor (whose stream Node makes a sink): the stream from here on.
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'EAGAIN' && code !== 'EBADF') throw error;
        this.stream.write(bytes.subarray(at));
        return;
      }
    }
  }
}

/**
 * Is descriptor `fd` a terminal? node:tty (~3 ms to load alone, ~0.5 M instructions after
 * node:http) only for a character device: a terminal, or /dev/null; a file or a pipe is not
 * one. Undefined when fstat cannot say (a closed descriptor) and on Windows, where the caller
 * asks Node's stream.
 */
export function isTerminal(fd: number, fs: Pick<typeof FS, 'fstatSync'>): boolean | undefined {
  if (process.platform === 'win32') return undefined;
  let device: boolean;
  try {
    device = fs.fstatSync(fd).isCharacterDevice();
  } catch {
    return undefined;
  }
  return device && process.getBuiltinModule('node:tty').isatty(fd);
}

/** An error of a system call (`syscall` and an `E...` code, as Node.js makes them): a refusal, not a bug of mon's. */
export function isSystemError(error: unknown): boolean {
  const { code, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  return typeof syscall === 'string' && typeof code === 'string' && /^E[A-Z0-9]+$/.test(code);
}

/**
 * The one line mon says when the system refuses its output (ENOSPC on a full disk or
 * /dev/full, EIO, EFBIG...): "cannot write to stdout: no space left on device", the bundle's
 * (io.ts) and the start-up's (start/print.ts) alike. In the system's own words for the error,
 * as other tools say it (`cat: write error: No space left on device`): by its number (a
 * stream's error says only "write ENOSPC"), else from the message ("ENOSPC: no space left on
 * device, write").
 */
export function cannotWrite(stream: 'stdout' | 'stderr', error: unknown): string {
  const { errno, code, message } = (error ?? {}) as NodeJS.ErrnoException;
  const system =
    typeof errno === 'number' ? process.getBuiltinModule('node:util').getSystemErrorMap().get(errno)?.[1] : undefined;
  const words = system ?? /^[A-Z0-9_]+: ([^,]+)/.exec(message ?? '')?.[1] ?? code ?? String(error);
  return `cannot write to ${stream}: ${words}`;
}
