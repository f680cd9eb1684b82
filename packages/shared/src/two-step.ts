import { z } from 'zod';

/** The /v1/auth/two-step contract: an authenticator app as a second step at password sign-in. */

export const RECOVERY_CODE_COUNT = 10;
export const TOTP_DIGITS = 6;

const password = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(1024);

/** Six digits, as the app shows them; spaces people type are forgiven. */
export const totpCodeSchema = z
  .string({ error: 'Enter the 6-digit code' })
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your app'));

/** 'abcde-12345': ten letters and digits; case, spaces and the dash are forgiven. */
export const recoveryCodeSchema = z
  .string({ error: 'Enter a recovery code' })
  .transform((code) => code.toLowerCase().replace(/[\s-]+/g, ''))
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, 'That is not a recovery code'));

export const twoStepStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int().min(0),
});
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;

export const twoStepSetupInputSchema = z.object({ password });

export const twoStepSetupSchema = z.object({
  /** Base32, for typing into the app when the QR code cannot be scanned. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  uri: z.string(),
  /** The QR code as an SVG document. */
  qrSvg: z.string(),
});
export type TwoStepSetup = z.infer<typeof twoStepSetupSchema>;

export const twoStepEnableInputSchema = z.object({ code: totpCodeSchema });

export const recoveryCodesSchema = z.object({ codes: z.array(z.string()) });

/** Turning the second step off takes the password and a code from the app (or a recovery code). */
export const twoStepDisableInputSchema = z.object({
  password,
  code: z.string().max(40),
});

/** Sign-in's second step: the ticket the password step gave, and a code or a recovery code. */
export const secondStepInputSchema = z.union([
  z.object({ ticket: z.string().min(1).max(2000), code: totpCodeSchema }),
  z.object({ ticket: z.string().min(1).max(2000), recoveryCode: recoveryCodeSchema }),
]);
export type SecondStepInput = z.input<typeof secondStepInputSchema>;

/** What a right password answers when the account has a second step. */
export const secondStepNeededSchema = z.object({ secondStepTicket: z.string() });
