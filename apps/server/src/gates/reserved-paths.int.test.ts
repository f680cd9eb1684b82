import { RESERVED_USERNAMES } from '@pbshare/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateApp, type GateApp } from './gate-app.js';

// `/{username}` shares the first path segment with everything the server answers itself: a user
// named after one of its prefixes would have an unreachable public page. The web app's routes
// and files are checked against the same list by apps/web/src/app/reserved-paths.test.ts.
let gate: GateApp;

beforeAll(async () => {
  gate = await createGateApp();
});

afterAll(() => gate.close());

describe('reserved usernames', () => {
  it('include the first segment of every route the server registers', () => {
    const segments = new Set(
      gate.routes
        .map((route) => route.url.split('/')[1] ?? '')
        .filter((segment) => segment !== '' && segment !== '*' && !segment.startsWith(':')),
    );
    expect(segments).toContain('v1');
    for (const segment of segments) expect(RESERVED_USERNAMES).toContain(segment);
  });
});
