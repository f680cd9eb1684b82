import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { CapturingMailer } from '../test/capturing-mailer.js';
import { createTestDatabase } from '../test/test-database.js';

/** One route as Fastify registered it, keyed the way the gates' tables are: "METHOD /path". */
export interface AppRoute {
  key: string;
  method: string;
  url: string;
  schema: RouteOptions['schema'];
}

export interface GateApp {
  app: FastifyInstance;
  /** Every mail the app sent. */
  mail: CapturingMailer;
  /** Every route the app serves, from Fastify's own onRoute hook (HEAD twins left out). */
  routes: AppRoute[];
  close(): Promise<void>;
}

/**
 * The real app over a fresh database, with its route table read while it is built, so a route
 * added anywhere in the app shows up in the gates without anyone listing it by hand.
 */
export async function createGateApp(): Promise<GateApp> {
  const testDb = await createTestDatabase();
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: testDb.dataDir }),
    databaseUrl: testDb.databaseUrl,
    webDistDir: undefined,
  };
  const routes: AppRoute[] = [];
  const mail = new CapturingMailer();
  const app = await buildApp(config, {
    database: testDb.database,
    mailer: mail,
    onRoute(route) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        // Fastify adds a HEAD for every GET; it runs the same handler, so the GET stands for both.
        if (method === 'HEAD') continue;
        routes.push({
          key: `${method} ${route.url}`,
          method,
          url: route.url,
          schema: route.schema,
        });
      }
    },
  });
  return {
    app,
    mail,
    routes,
    async close() {
      await app.close();
      await testDb.cleanup();
    },
  };
}
