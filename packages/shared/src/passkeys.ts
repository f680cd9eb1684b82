import { z } from 'zod';
import { passkeySignUpDetailsSchema } from './auth.js';
import { PASSKEY_MESSAGES } from './messages.js';

/**
 * The /v1/auth/passkeys contract: the account's passkeys as Settings lists them, and the WebAuthn
 * options and browser answers in the JSON shapes SimpleWebAuthn speaks on both sides.
 */

export const PASSKEY_NAME_MAX_LENGTH = 60;
/** Enough for every phone, laptop and key a person owns; it bounds what one account can store. */
export const MAX_PASSKEYS_PER_ACCOUNT = 20;

export const passkeyNameSchema = z
  .string()
  .trim()
  .min(1, 'Give your passkey a name')
  .max(
    PASSKEY_NAME_MAX_LENGTH,
    `A passkey name can have at most ${PASSKEY_NAME_MAX_LENGTH} characters`,
  );

export const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  /** null until it is first used to sign in. */
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeysSchema = z.object({ passkeys: z.array(passkeySchema) });

export const passkeyIdParamsSchema = z.object({ id: z.uuid(PASSKEY_MESSAGES.notFound) });

export const renamePasskeyInputSchema = z.object({ name: passkeyNameSchema });

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'Not a passkey answer');

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
const transportsSchema = z.array(z.enum(TRANSPORTS)).max(TRANSPORTS.length);

/** A credential id: at most 1023 bytes by the WebAuthn spec, base64url-encoded. */
const credentialIdSchema = base64url(1400).min(1);

/** What @simplewebauthn/browser's startRegistration hands back. */
export const registrationResponseSchema = z.object({
  id: credentialIdSchema,
  rawId: credentialIdSchema,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(32_768),
    authenticatorData: base64url(32_768).optional(),
    transports: transportsSchema.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.object({
    credProps: z.object({ rk: z.boolean().optional() }).optional(),
  }),
  type: z.literal('public-key'),
});

/** What @simplewebauthn/browser's startAuthentication hands back. */
export const authenticationResponseSchema = z.object({
  id: credentialIdSchema,
  rawId: credentialIdSchema,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(1024),
    userHandle: base64url(128).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.object({}),
  type: z.literal('public-key'),
});

/** The name is optional: the server names a passkey after its provider, or 'Passkey'. */
export const passkeyRegistrationInputSchema = z.object({
  challengeId: z.uuid(PASSKEY_MESSAGES.staleRequest),
  name: passkeyNameSchema.optional(),
  response: registrationResponseSchema,
});
export type PasskeyRegistrationInput = z.input<typeof passkeyRegistrationInputSchema>;

export const passkeySignInInputSchema = z.object({
  challengeId: z.uuid(PASSKEY_MESSAGES.staleRequest),
  response: authenticationResponseSchema,
});
export type PasskeySignInInput = z.input<typeof passkeySignInInputSchema>;

/** The answer to sign-up options: the same e-mail and username the options were asked with. */
export const passkeySignUpInputSchema = passkeySignUpDetailsSchema.extend({
  challengeId: z.uuid(PASSKEY_MESSAGES.staleRequest),
  response: registrationResponseSchema,
});
export type PasskeySignUpInput = z.input<typeof passkeySignUpInputSchema>;

const descriptorSchema = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: transportsSchema.optional(),
});

/** The options of navigator.credentials.create(), as SimpleWebAuthn's server writes them. */
export const creationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  excludeCredentials: z.array(descriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
});

/** The options of navigator.credentials.get(): no allowed list, the browser offers any passkey. */
export const requestOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(descriptorSchema).optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
});

/** A challenge id names the single-use challenge the server keeps for the answer. */
export const passkeyCreationSchema = z.object({
  challengeId: z.uuid(),
  options: creationOptionsSchema,
});
export type PasskeyCreation = z.infer<typeof passkeyCreationSchema>;

export const passkeyRequestSchema = z.object({
  challengeId: z.uuid(),
  options: requestOptionsSchema,
});
export type PasskeyRequest = z.infer<typeof passkeyRequestSchema>;
