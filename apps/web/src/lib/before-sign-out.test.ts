import { describe, expect, it, vi } from 'vitest';

import { beforeSignOut, runBeforeSignOut } from './before-sign-out';

describe('before sign-out', () => {
  it('runs every registered task, a failing one included, until it is removed', async () => {
    const sent = vi.fn(() => Promise.resolve());
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    const removeSent = beforeSignOut(sent);
    const removeFailing = beforeSignOut(failing);

    await expect(runBeforeSignOut()).resolves.toBeUndefined();
    expect(sent).toHaveBeenCalledTimes(1);
    expect(failing).toHaveBeenCalledTimes(1);

    removeSent();
    removeFailing();
    await runBeforeSignOut();
    expect(sent).toHaveBeenCalledTimes(1);
  });
});
