import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyServerOptions } from 'fastify';

/**
 * Something that may answer a request before Fastify sees it. It answers completely or not at
 * all: for every request it leaves, it calls `next` before writing anything, and Fastify then
 * handles the request as if the lane were not there.
 */
export type Lane = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** Node's server settings Fastify would apply itself had it made the server. */
export interface ServerSettings {
  headersTimeout: number;
  connectionsCheckingInterval: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  /** Idle socket timeout (Fastify's connectionTimeout). */
  socketIdleMs: number;
}

/**
 * The HTTP server and its request listener: the lane first when one is open, then Fastify. The
 * lane is opened once the app has built what it serves from (the public answers), after Fastify
 * has asked for the server; until then every request goes straight to Fastify. `app.inject`
 * never passes here: it calls Fastify's handler directly.
 */
export class FrontDoor {
  private lane: Lane | undefined;

  open(lane: Lane): void {
    this.lane = lane;
  }

  /** Fastify's `serverFactory`: the server Fastify would make, with the lane in front. */
  serverFactory(settings: ServerSettings): NonNullable<FastifyServerOptions['serverFactory']> {
    return (fastify) => {
      const server: Server = createServer(
        {
          headersTimeout: settings.headersTimeout,
          connectionsCheckingInterval: settings.connectionsCheckingInterval,
          requestTimeout: settings.requestTimeout,
        },
        (req, res) => {
          const lane = this.lane;
          if (lane)
            lane(req, res, () => {
              fastify(req, res);
            });
          else fastify(req, res);
        },
      );
      server.keepAliveTimeout = settings.keepAliveTimeout;
      server.setTimeout(settings.socketIdleMs);
      return server;
    };
  }
}
