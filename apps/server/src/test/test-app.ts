import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Database } from '../db/database.js';
import { createJobRunner } from '../jobs/jobs.js';
import { sendMailJob } from '../mail/send-mail-job.js';
import { accountMailJob } from '../modules/auth/account-mail-job.js';
import { AuthRepository } from '../modules/auth/repository.js';
import { UsersRepository } from '../modules/users/repository.js';
import { CapturingMailer } from './capturing-mailer.js';
import { createTestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Every mail the app sent. */
  mail: CapturingMailer;
  close(): Promise<void>;
}

/** An app over a fresh database, not listening: drive it with `app.inject`. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  deps: Omit<AppDependencies, 'database' | 'mailer'> = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: testDb.dataDir }),
    databaseUrl: testDb.databaseUrl,
    webDistDir: undefined,
    jobs: { inProcess: true, concurrency: 1, pollMs: 50, backoffMs: 200, leaseMs: 5000 },
    ...overrides,
  };
  const mail = new CapturingMailer();
  const app = await buildApp(config, { ...deps, database: testDb.database, mailer: mail });
  // Account mails and notices go out from jobs. An app that runs no jobs itself (its tests start their own
  // runners) gets a runner for those mails alone, so signing up works alike in every test.
  const mailRunner = config.jobs.inProcess
    ? undefined
    : createJobRunner({
        database: testDb.database,
        definitions: [
          accountMailJob({
            users: new UsersRepository(testDb.database),
            auth: new AuthRepository(testDb.database.db),
            mailer: mail,
            publicOrigin: config.publicOrigin,
          }),
          sendMailJob(mail),
        ],
        concurrency: 1,
        pollMs: 20,
        log: app.log,
      });
  mailRunner?.start();
  return {
    app,
    database: testDb.database,
    config,
    mail,
    async close() {
      await mailRunner?.stop();
      await app.close();
      await testDb.cleanup();
    },
  };
}
