/** `mon auth login` on a terminal of 80 columns. */
import { describe, expect, it } from 'vitest';
import { cleanEnv, startSandbox } from './harness';
import { openScreen, overWidth, requireScreen } from './screen';

describe('auth login on a terminal', () => {
  it('auth login asks for the base URL with an example of one, fitted to 80 columns', async (context) => {
    requireScreen(context);
    const screen = await openScreen('auth login', cleanEnv());
    await screen.waitFor('? API base URL (e.g. https://api.example.com, or http://127.0.0.1:4010 for');
    expect(overWidth(screen.history(), 80)).toEqual([]);
    await screen.press('C-c');
    expect((await screen.done()).code).toBe(130);
  });

  it('accessible mode: an arrow or Escape pressed while typing the hidden key is not part of it', async (context) => {
    requireScreen(context);
    const sandbox = await startSandbox();
    try {
      const env = sandbox.env({ MON_ACCESSIBLE: '1', NO_COLOR: '1', MON_API_KEY: undefined });
      const screen = await openScreen('auth login', env);
      await screen.waitFor('API key (typing is not shown):');
      const key = sandbox.info.apiKey;
      await screen.type(key.slice(0, 12));
      // ← and Escape reach a hidden line as characters (ESC [ D): they type nothing.
      await screen.press('Left', 'Escape', 'Home');
      await screen.type(key.slice(12));
      await screen.press('Enter');
      const { code } = await screen.done();
      expect(code, screen.text()).toBe(0);
      expect(screen.text()).toContain(`with key sk_…${key.slice(-4)}.`);
    } finally {
      await sandbox.stop();
    }
  });
});
