// `npm start` rebuilds a build exactly when one of its own sources is newer than its own stamp.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builds, isStale } from './builds.mjs';

const [server, web] = builds;
let checkout;

afterEach(() => rmSync(checkout, { recursive: true, force: true }));

/** Writes `path` in the fake checkout, dated `secondsAgo` in the past. */
function file(path, secondsAgo) {
  const full = join(checkout, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, '');
  const when = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(full, when, when);
}

function builtCheckout() {
  checkout = mkdtempSync(join(tmpdir(), 'pbshare-builds-'));
  file('apps/server/src/main.ts', 100);
  file('apps/web/src/main.tsx', 100);
  file(server.stamp, 50);
  file(web.stamp, 50);
}

describe('a build', () => {
  it('is stale without its stamp, and current with a stamp newer than its sources', () => {
    builtCheckout();
    expect(isStale(server, checkout)).toBe(false);
    expect(isStale(web, checkout)).toBe(false);
    rmSync(join(checkout, web.stamp));
    expect(isStale(web, checkout)).toBe(true);
    expect(isStale(server, checkout)).toBe(false);
  });

  it('is stale after its own source changes, and only it', () => {
    builtCheckout();
    file('apps/server/src/modules/pbs/service.ts', 10);
    expect(isStale(server, checkout)).toBe(true);
    expect(isStale(web, checkout)).toBe(false);
  });

  it('is stale for both after a shared source changes', () => {
    builtCheckout();
    file('packages/shared/src/index.ts', 10);
    expect(isStale(server, checkout)).toBe(true);
    expect(isStale(web, checkout)).toBe(true);
  });

  it('stays current when only a test changes', () => {
    builtCheckout();
    file('apps/server/src/modules/pbs/service.int.test.ts', 10);
    file('apps/web/src/app/app.test.tsx', 10);
    expect(isStale(server, checkout)).toBe(false);
    expect(isStale(web, checkout)).toBe(false);
  });
});
