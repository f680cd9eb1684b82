import { z } from 'zod';
import { moderationStateSchema } from './moderation.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './product.js';
import { usernameSchema } from './username.js';

/** The /v1/auth and /v1/users contract: inputs both sides validate, and the user the API returns. */

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'That e-mail address is too long')
  .pipe(z.email('Please enter a valid email address'));

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password can have at most ${PASSWORD_MAX_LENGTH} characters`);

export const BIO_MAX_LENGTH = 500;

export const registerInputSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  displayName: usernameSchema,
});
export type RegisterInput = z.input<typeof registerInputSchema>;

/** Sign-up with a passkey instead of a password: the same e-mail and username rules. */
export const passkeySignUpDetailsSchema = registerInputSchema.pick({
  email: true,
  displayName: true,
});
export type PasskeySignUpDetails = z.input<typeof passkeySignUpDetailsSchema>;

export const loginInputSchema = z.object({
  email: emailSchema,
  // Sign-in checks only presence: an old password shorter than today's minimum must still work.
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});
export type LoginInput = z.input<typeof loginInputSchema>;

export const emailOnlyInputSchema = z.object({ email: emailSchema });

export const resetPasswordInputSchema = z.object({
  token: z.string().min(1, 'The reset link is incomplete').max(200),
  password: passwordSchema,
});

export const changePasswordInputSchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(1024),
  newPassword: passwordSchema,
});

export const deleteAccountInputSchema = z.object({
  password: z.string().min(1, 'Please enter your password to confirm').max(1024),
});

export const profileUpdateInputSchema = z.object({
  displayName: usernameSchema.optional(),
  bio: z
    .string()
    .max(BIO_MAX_LENGTH, `Your bio can have at most ${BIO_MAX_LENGTH} characters`)
    .optional(),
});

export const SUBSCRIPTION_TIERS = ['free', 'unlimited'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

/** The signed-in user as the API returns it. Field names follow the spec's User entity. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  profileImage: z.string().nullable(),
  bio: z.string(),
  emailVerified: z.boolean(),
  subscription_tier: z.enum(SUBSCRIPTION_TIERS),
  /**
   * False for an account made with a passkey that has not set a password yet: the steps confirmed
   * with the password ask for one first. The server always sends it; absent reads as true.
   */
  hasPassword: z.boolean().optional(),
  /**
   * Why and since when moderation has suspended the account (its public page answers 404), or
   * null. The server always sends it; the owner still signs in, sees why and may appeal.
   */
  suspension: moderationStateSchema.nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z.object({ accessToken: z.string(), user: userSchema });
export type Session = z.infer<typeof sessionSchema>;
