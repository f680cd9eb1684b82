import type { RouteOptions } from 'fastify';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** One route as Fastify registered it, keyed the way the gates' tables are: "METHOD /path". */
export interface AppRoute {
  key: string;
  method: string;
  url: string;
  schema: RouteOptions['schema'];
}

export interface GateApp extends TestApp {
  /** Every route the app serves, from Fastify's own onRoute hook (HEAD twins left out). */
  routes: AppRoute[];
}

/**
 * The real app over a fresh database, with its route table read while it is built, so a route
 * added anywhere in the app shows up in the gates without anyone listing it by hand.
 */
export async function createGateApp(): Promise<GateApp> {
  const routes: AppRoute[] = [];
  const t = await createTestApp(
    {},
    {
      onRoute(route) {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) {
          routes.push({
            key: `${method} ${route.url}`,
            method,
            url: route.url,
            schema: route.schema,
          });
        }
      },
    },
  );
  // Fastify adds a HEAD for every GET; it runs the same handler, so the GET stands for both. A
  // HEAD route of its own (tus asks for an upload's offset with HEAD) is a route like any other.
  const bare = (url: string) => url.replace(/\/$/, '');
  const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => bare(r.url)));
  return { ...t, routes: routes.filter((r) => r.method !== 'HEAD' || !gets.has(bare(r.url))) };
}
