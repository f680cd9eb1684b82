import { describe, expect, it, vi } from 'vitest';

import { createPendingDeletes } from './pending-deletes';

function deferred() {
  let resolve: () => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('createPendingDeletes', () => {
  it('hides a held record until it is undone, without sending it', () => {
    const pending = createPendingDeletes();
    const send = vi.fn(() => Promise.resolve());
    const listener = vi.fn();
    pending.subscribe(listener);

    pending.hold('r1', send);
    expect([...pending.hiddenIds()]).toEqual(['r1']);
    expect(pending.undo('r1')).toBe(true);
    expect(pending.hiddenIds().size).toBe(0);
    expect(send).not.toHaveBeenCalled();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps a sent record hidden until its answer, and sends it once', async () => {
    const pending = createPendingDeletes();
    const answer = deferred();
    const send = vi.fn(() => answer.promise);
    pending.hold('r1', send);

    const first = pending.send('r1');
    const second = pending.send('r1');
    expect(send).toHaveBeenCalledTimes(1);
    expect(pending.undo('r1')).toBe(false);
    expect(pending.hiddenIds().has('r1')).toBe(true);

    answer.resolve();
    await Promise.all([first, second]);
    expect(pending.hiddenIds().size).toBe(0);
  });

  it('shows a record again when its delete fails, and resolves all the same', async () => {
    const pending = createPendingDeletes();
    pending.hold('r1', () => Promise.reject(new Error('refused')));
    await expect(pending.send('r1')).resolves.toBeUndefined();
    expect(pending.hiddenIds().size).toBe(0);
  });

  it('sends every held delete and waits for those already on the wire', async () => {
    const pending = createPendingDeletes();
    const wire = deferred();
    const sendA = vi.fn(() => wire.promise);
    const sendB = vi.fn(() => Promise.resolve());
    pending.hold('a', sendA);
    pending.hold('b', sendB);
    void pending.send('a');

    let done = false;
    const all = pending.sendAll().then(() => {
      done = true;
    });
    expect(sendB).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    expect(done).toBe(false);
    wire.resolve();
    await all;
    expect(sendA).toHaveBeenCalledTimes(1);
    expect(pending.hiddenIds().size).toBe(0);
  });

  it('sends nothing for a record that is not held', async () => {
    const pending = createPendingDeletes();
    await expect(pending.send('nope')).resolves.toBeUndefined();
    expect(pending.undo('nope')).toBe(false);
  });
});
