import { EventEmitter } from 'node:events';

/**
 * How long a runner in this process waits, once told of a new job, before looking for it: time
 * for the writer's transaction to commit. Without the wake a sign-up's mail would wait for the
 * next poll, up to `pollMs` (a second) later.
 */
export const WAKE_DELAY_MS = 25;

const queued = new EventEmitter().setMaxListeners(0);

/** Tells this process's runners that a job was written (enqueueJob). */
export function announceJobQueued(): void {
  queued.emit('queued');
}

/** Calls `listener` whenever this process writes a job; returns the way to stop. */
export function onJobQueued(listener: () => void): () => void {
  queued.on('queued', listener);
  return () => queued.off('queued', listener);
}
