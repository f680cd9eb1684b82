// Each fence in eslint.config.js, probed: an import that breaks it must fail lint with the rule
// behind it, and a legal neighbour must pass, so a fence that silently stops working is caught.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

// Types are not needed to judge an import path, and a probe file exists in no tsconfig.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [{ files: ['**/*.ts', '**/*.tsx'], ...tseslint.configs.disableTypeChecked }],
});

async function importRules(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return result.messages.filter((m) => m.ruleId?.startsWith('import-x/')).map((m) => m.ruleId);
}

const RESTRICTED = 'import-x/no-restricted-paths';

const fences = [
  [
    'a technical folder importing a module',
    'apps/server/src/db/probe.ts',
    "import '../modules/users/index.js';",
  ],
  [
    'a technical folder importing http code',
    'apps/server/src/storage/probe.ts',
    "import '../http/envelope.js';",
  ],
  [
    'a technical folder importing the fast path',
    'apps/server/src/db/probe.ts',
    "import '../fast-path/index.js';",
  ],
  [
    'a technical folder importing web code',
    'apps/server/src/mail/probe.ts',
    "import '../web/spa.js';",
  ],
  [
    "a module importing another module's repository",
    'apps/server/src/modules/auth/probe.ts',
    "import '../users/repository.js';",
  ],
  [
    'a lower module importing a higher one (users -> pbs)',
    'apps/server/src/modules/users/probe.ts',
    "import '../pbs/index.js';",
  ],
  [
    'a module importing one on its own line (auth -> pbs)',
    'apps/server/src/modules/auth/probe.ts',
    "import '../pbs/index.js';",
  ],
  [
    'code outside the fast path importing one of its files',
    'apps/server/src/web/probe.ts',
    "import '../fast-path/public-answers.js';",
  ],
  [
    'a shared web part importing a feature',
    'apps/web/src/lib/probe.ts',
    "import '@/features/auth';",
  ],
  [
    "a feature importing another feature's internals",
    'apps/web/src/features/profile/probe.ts',
    "import '../pbs/record-verdict.ts';",
  ],
  [
    'a lower feature importing a higher one (pbs -> share)',
    'apps/web/src/features/pbs/probe.ts',
    "import '@/features/share';",
  ],
];

const neighbours = [
  [
    "a module importing a lower module's face",
    'apps/server/src/modules/auth/probe.ts',
    "import '../users/index.js';",
  ],
  [
    'a technical folder importing another',
    'apps/server/src/media/probe.ts',
    "import '../storage/storage.js';",
  ],
  [
    'the composition root importing the fast path',
    'apps/server/src/probe.ts',
    "import './fast-path/index.js';",
  ],
  [
    'a higher feature importing a lower one (share -> pbs)',
    'apps/web/src/features/share/probe.ts',
    "import '@/features/pbs';",
  ],
];

describe('lint fences', () => {
  it.each(fences)('fails %s', async (_name, filePath, code) => {
    expect(await importRules(filePath, code)).toContain(RESTRICTED);
  });

  it.each(neighbours)('passes %s', async (_name, filePath, code) => {
    expect(await importRules(filePath, code)).toEqual([]);
  });
});

describe('no-cycle', () => {
  const probes = ['apps/server/src/cycle-probe', 'apps/web/src/lib/cycle-probe'];
  afterAll(() =>
    probes.forEach((dir) => rmSync(join(root, dir), { recursive: true, force: true })),
  );

  it.each(probes)('fails two files importing each other in %s', async (dir) => {
    const ext = dir.startsWith('apps/web') ? '' : '.js';
    mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(
      join(root, dir, 'a.ts'),
      `import { b } from './b${ext}';\nexport const a = () => b;\n`,
    );
    writeFileSync(
      join(root, dir, 'b.ts'),
      `import { a } from './a${ext}';\nexport const b = () => a;\n`,
    );
    const [result] = await eslint.lintFiles([join(root, dir, 'a.ts')]);
    expect(result.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });
});

describe('the SQLite driver', () => {
  async function ruleIds(filePath, code) {
    const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
    return result.messages.map((m) => m.ruleId);
  }

  it.each(['apps/server/src/db/probe.ts', 'scripts/probe.mjs'])(
    'fails importing better-sqlite3 directly in %s',
    async (filePath) => {
      expect(await ruleIds(filePath, "import Database from 'better-sqlite3';")).toContain(
        'no-restricted-imports',
      );
    },
  );

  it('passes importing @pbshare/sqlite', async () => {
    const code = "import Database from '@pbshare/sqlite';";
    expect(await ruleIds('apps/server/src/db/probe.ts', code)).not.toContain(
      'no-restricted-imports',
    );
  });
});
