import { z } from 'zod';

/** What the server tells the web app about itself: GET /v1/app-config. Public values only. */
export const appConfigSchema = z.object({
  productName: z.string(),
  publicOrigin: z.string(),
  supportEmail: z.string(),
  privacyEmail: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
