import { z } from 'zod';

/** The /v1/auth/sessions contract: the account's signed-in devices, as Settings lists them. */

export const signedInDeviceSchema = z.object({
  /** The session's id: what 'Sign out' names. */
  id: z.uuid(),
  /** 'iPhone', 'Mac', 'Windows PC'…; '' when the browser did not say. */
  device: z.string(),
  /** 'Safari 18', 'Chrome 131'…; '' when unknown. */
  browser: z.string(),
  /** ISO 3166-1 alpha-2 code of the sign-in's address (never finer), or null. */
  country: z.string().length(2).nullable(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  /** The device asking: it signs out with the ordinary 'Sign Out'. */
  current: z.boolean(),
});
export type SignedInDevice = z.infer<typeof signedInDeviceSchema>;

export const signedInDevicesSchema = z.object({ devices: z.array(signedInDeviceSchema) });
export type SignedInDevices = z.infer<typeof signedInDevicesSchema>;

export const sessionIdParamsSchema = z.object({ id: z.uuid('That device is not signed in') });
