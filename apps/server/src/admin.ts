import { ConfigError, loadConfig, loadDotEnv } from './config.js';
import { migrateToLatest } from './db/migrate.js';
import { ModerationRepository, runAdminCommand } from './modules/moderation/index.js';
import { UsersRepository } from './modules/users/repository.js';
import { openDatabase } from './open-database.js';

/**
 * `npm run admin -- grant|revoke|list`: makes and unmakes the admins of the moderation queue, on
 * the database the server is configured with (DATABASE_URL, else DATA_DIR's SQLite), after
 * applying pending migrations as the server does on start.
 */
async function run(args: string[]): Promise<number> {
  loadDotEnv();
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    return await runAdminCommand(
      args,
      { repo: new ModerationRepository(database.db), users: new UsersRepository(database) },
      {
        out: (line) => process.stdout.write(`${line}\n`),
        err: (line) => process.stderr.write(`${line}\n`),
      },
    );
  } finally {
    await database.close();
  }
}

// What follows `--admin` when started by scripts/start.mjs, else every argument.
const flag = process.argv.indexOf('--admin');
run(process.argv.slice(flag === -1 ? 2 : flag + 1)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
