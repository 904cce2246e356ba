import { spawn } from 'node:child_process';

/*
 * A URL opened in the user's browser: xdg-open on Linux and the BSDs, open on macOS,
 * rundll32's FileProtocolHandler on Windows (what `start` does, without cmd.exe reading the
 * URL). The URL is one argument of the program, never part of a shell command line. When
 * there is no browser to open (no display on Linux, the opener missing or failing), the
 * caller prints the URL instead and says why: opening is a convenience, never a failure.
 */

/** How a URL is opened on `platform`: the program, and the arguments before the URL. */
export function opener(platform: NodeJS.Platform): { command: string; args: string[] } {
  if (platform === 'darwin') return { command: 'open', args: [] };
  if (platform === 'win32') return { command: 'rundll32', args: ['url.dll,FileProtocolHandler'] };
  return { command: 'xdg-open', args: [] };
}

/** Why no browser can be opened here before trying (no display), or undefined. */
export function noBrowserReason(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string | undefined {
  if (platform === 'darwin' || platform === 'win32') return undefined;
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return 'there is no display (DISPLAY and WAYLAND_DISPLAY are unset)';
  return undefined;
}

/** How long the opener is waited for: one that has not failed by then is taken to have opened it. */
const OPENER_WAIT_MS = 3000;

/**
 * Opens `url` in the browser: the program is started detached (it outlives mon) with no
 * input or output; undefined when it opened, else why not.
 */
export async function openInBrowser(
  url: string,
  options: { platform?: NodeJS.Platform; env?: NodeJS.ProcessEnv } = {},
): Promise<string | undefined> {
  const platform = options.platform ?? process.platform;
  const env = options.env ?? process.env;
  const before = noBrowserReason(platform, env);
  if (before) return before;
  const { command, args } = opener(platform);
  return new Promise((resolve) => {
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(command, [...args, url], { detached: true, stdio: 'ignore', env, shell: false });
    } catch (error) {
      return resolve(`${command} could not be started (${(error as Error).message})`);
    }
    const timer = setTimeout(() => {
      child.unref();
      resolve(undefined);
    }, OPENER_WAIT_MS);
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve(error.code === 'ENOENT' ? `${command} is not installed` : `${command} failed (${error.message})`);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code === 0 ? undefined : `${command} failed (${signal ?? `exit ${code}`})`);
    });
  });
}
