import { z } from 'zod';

import { PAYMENT_PROVIDERS } from './billing.js';

/** What the server tells the web app about itself: GET /v1/app-config. Public values only. */
export const appConfigSchema = z.object({
  productName: z.string(),
  publicOrigin: z.string(),
  supportEmail: z.string(),
  privacyEmail: z.string(),
  /** `demo` when no payment provider is configured: checkout grants Pro without charging. */
  payments: z.enum(PAYMENT_PROVIDERS),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
