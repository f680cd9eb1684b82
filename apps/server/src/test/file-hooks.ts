import { afterAll, beforeAll } from 'vitest';
import { grantProByHand, newSignedInUser, type SignedIn } from './accounts.js';
import { createTestApp, type TestApp } from './test-app.js';

/*
 * Set-up shared by a whole test file. Each helper registers its hooks and answers an object that
 * its `beforeAll` fills in, so the file keeps one name for it; read it inside tests and hooks only.
 * Hooks run in the order they are registered: call these before the file's own `beforeAll`.
 */

/** An app over a fresh database, made before the file's tests and closed after them. */
export function useTestApp(...options: Parameters<typeof createTestApp>): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(...options));
  });
  afterAll(() => t.close());
  return t;
}

/** A verified user signed in on `t` before the file's tests; Pro by hand with `pro`. */
export function useSignedInUser(t: TestApp, { pro = false } = {}): SignedIn {
  const me = {} as SignedIn;
  beforeAll(async () => {
    Object.assign(me, await newSignedInUser(t));
    if (pro) await grantProByHand(t.database, me.email);
  });
  return me;
}
