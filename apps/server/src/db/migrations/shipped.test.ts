import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// A shipped migration has run on databases we cannot reach again; editing it would leave them
// apart from new ones. Each file's hash is recorded when it ships and must never change.
const folder = import.meta.dirname;
const shipped = JSON.parse(readFileSync(join(folder, 'shipped.json'), 'utf8')) as Record<
  string,
  string
>;

describe('shipped migrations', () => {
  it('are never edited, renamed or removed', () => {
    const present = new Set(readdirSync(folder).filter((name) => /^\d{3}-.+\.ts$/.test(name)));
    for (const [name, hash] of Object.entries(shipped)) {
      expect(present.has(name), `${name} was shipped and must stay`).toBe(true);
      const now = createHash('sha256')
        .update(readFileSync(join(folder, name)))
        .digest('hex');
      expect(now, `${name} was shipped: add a new migration instead of editing it`).toBe(hash);
    }
  });

  it('are all recorded: a new migration adds its hash to shipped.json', () => {
    const present = readdirSync(folder).filter((name) => /^\d{3}-.+\.ts$/.test(name));
    expect(present.filter((name) => !(name in shipped))).toEqual([]);
  });
});
