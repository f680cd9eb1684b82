import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { RESERVED_USERNAMES } from '@pbshare/shared';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';

import { routes } from './router';

/** The first path segment of every route with a fixed one (not `:username`, not `*`). */
function firstSegments(list: RouteObject[]): string[] {
  return list.flatMap((route) => {
    const first = route.path?.split('/')[0];
    const own = first && !first.startsWith(':') && first !== '*' ? [first] : [];
    return [...own, ...firstSegments(route.children ?? [])];
  });
}

// `/{username}` shares the first path segment with every page and file the app serves: a user
// named after one would be unreachable, or would shadow it. The server's own prefixes are
// checked against the same list by apps/server/src/gates/reserved-paths.int.test.ts.
describe('reserved usernames', () => {
  it('include the first segment of every route of the app', () => {
    const segments = firstSegments(routes);
    expect(segments).toContain('pricing');
    for (const segment of segments) expect(RESERVED_USERNAMES).toContain(segment);
  });

  it('include every file the web build serves from its root, and its assets folder', () => {
    const files = readdirSync(resolve(import.meta.dirname, '../../public'));
    expect(files.length).toBeGreaterThan(0);
    for (const name of [...files, 'assets', 'index.html']) {
      expect(RESERVED_USERNAMES).toContain(name);
    }
  });
});
