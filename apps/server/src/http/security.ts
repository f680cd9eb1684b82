import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers for every answer. Scripts may only come from our own origin; styles also allow
 * inline because the Radix and sonner components set style elements at run time. Media and images
 * allow data: and blob: for local previews before upload.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  publicOrigin: string,
): Promise<void> {
  await app.register(helmet, {
    // HSTS only means something over https; on a plain-http local run it would only confuse.
    strictTransportSecurity: publicOrigin.startsWith('https:'),
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    // Public profile media may be embedded by link-preview crawlers and other sites.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
}
