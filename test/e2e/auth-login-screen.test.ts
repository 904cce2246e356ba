/** `mon auth login` on a terminal of 80 columns. */
import { describe, expect, it } from 'vitest';
import { cleanEnv } from './harness';
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
});
