import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { V8_FLAGS } from './v8-flags.js';

const setFlagsFromString = vi.hoisted(() => vi.fn());
vi.mock('node:v8', () => ({ setFlagsFromString }));

describe('V8 settings', () => {
  it('turns allocation-site pretenuring off as the module loads', async () => {
    await import('./v8-settings.js');
    expect(V8_FLAGS).toContain('--no-allocation-site-pretenuring');
    expect(setFlagsFromString.mock.calls.map(([flag]: unknown[]) => flag)).toEqual([...V8_FLAGS]);
  });

  it("name flags this Node's V8 knows (setFlagsFromString ignores unknown ones in silence)", () => {
    const run = spawnSync(process.execPath, [...V8_FLAGS, '-e', '0'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('are the first thing the entry point imports, so nothing runs before them', () => {
    const main = readFileSync(resolve(import.meta.dirname, 'main.ts'), 'utf8');
    const imports = main.split('\n').filter((line) => line.startsWith('import '));
    expect(imports[0]).toBe("import './v8-settings.js';");
  });
});
