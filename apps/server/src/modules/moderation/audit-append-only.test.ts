import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The audit log is append-only (docs/PRODUCT.md §16): no code updates or deletes its rows. A
// foreign key to it from a table that cascades would delete them too, so none may point at it.
const SOURCES = join(import.meta.dirname, '..', '..');
const WRITES_TO_THE_LOG =
  /(updateTable|deleteFrom)\(\s*['"]moderation_actions|references\(\s*['"]moderation_actions/;

describe('the audit log', () => {
  it('is only ever inserted into', () => {
    const offenders = readdirSync(SOURCES, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .filter((name) => WRITES_TO_THE_LOG.test(readFileSync(join(SOURCES, name), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
