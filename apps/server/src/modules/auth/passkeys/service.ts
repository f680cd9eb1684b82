import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  AUTH_MESSAGES,
  MAX_PASSKEYS_PER_ACCOUNT,
  PASSKEY_MESSAGES,
  type Passkey,
  type PasskeyCreation,
  type PasskeyRequest,
} from '@pbshare/shared';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  type VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import { AppError } from '../../../errors/app-error.js';
import type { UserDirectory, UserRecord } from '../../users/index.js';
import type { AuthService, IssuedSession, SignInClient } from '../service.js';
import { providerName } from './provider-names.js';
import type { RelyingParty } from './relying-party.js';
import type { ChallengePurpose, PasskeysRepository, StoredPasskey } from './repository.js';

/** Long enough to find the phone and unlock it; the browser's own prompt gives up after one. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const PROMPT_TIMEOUT_MS = 60 * 1000;

const stale = () => new AppError('BAD_REQUEST', PASSKEY_MESSAGES.staleRequest);
const notVerified = () => new AppError('INVALID_CREDENTIALS', PASSKEY_MESSAGES.notVerified);
const notFound = () => new AppError('NOT_FOUND', PASSKEY_MESSAGES.notFound);

function toDto(passkey: StoredPasskey): Passkey {
  return {
    id: passkey.id,
    name: passkey.name,
    createdAt: passkey.createdAt,
    lastUsedAt: passkey.lastUsedAt,
  };
}

/**
 * Passkeys: adding one to a signed-in account (registration), signing up with one instead of a
 * password, signing in with one (discoverable credentials: the browser offers the person's
 * passkeys, no e-mail typed), and the list Settings shows. A passkey sign-in proves possession of
 * a key, not a guessed secret, so it never meets the password throttle; the routes' per-address
 * limits bound it.
 */
export class PasskeysService {
  constructor(
    private readonly passkeys: PasskeysRepository,
    private readonly users: UserDirectory,
    private readonly auth: Pick<
      AuthService,
      'startSession' | 'registerWithPasskey' | 'requireFreeName'
    >,
    private readonly rp: RelyingParty,
  ) {}

  async registrationOptions(caller: { userId: string }): Promise<PasskeyCreation> {
    const user = await this.requireUser(caller.userId);
    const existing = await this.passkeys.listOf(user.id);
    if (existing.length >= MAX_PASSKEYS_PER_ACCOUNT) throw tooMany();
    const options = await generateRegistrationOptions({
      rpName: this.rp.name,
      rpID: this.rp.id,
      userName: user.email,
      userDisplayName: user.displayName,
      // The user handle a sign-in answers with: the account id, never the e-mail.
      userID: new TextEncoder().encode(user.id),
      timeout: PROMPT_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const challengeId = await this.keepChallenge(options.challenge, 'register', user.id);
    // The library types descriptors loosely ('type: string'); what it writes is the contract's.
    return { challengeId, options: options as PasskeyCreation['options'] };
  }

  /** Verifies the browser's answer and keeps the new passkey under `name`, or its provider's. */
  async register(
    caller: { userId: string },
    input: { challengeId: string; name?: string | undefined; response: RegistrationResponseJSON },
  ): Promise<Passkey> {
    const challenge = await this.passkeys.takeChallenge(
      input.challengeId,
      'register',
      caller.userId,
    );
    if (!challenge) throw stale();
    const created = await this.verifyCreation(input.response, challenge.challenge);
    if ((await this.passkeys.countOf(caller.userId)) >= MAX_PASSKEYS_PER_ACCOUNT) throw tooMany();
    const passkey: StoredPasskey = {
      ...newPasskey(caller.userId, created, input.response, input.name),
      lastUsedAt: null,
    };
    try {
      await this.passkeys.insertPasskey(passkey);
    } catch (err) {
      // The unique index: this credential is already on an account (the browser was told to
      // exclude the caller's own, so it is most likely a second click).
      if (await this.passkeys.findByCredentialId(created.credential.id)) {
        throw new AppError('CONFLICT', 'That passkey is already added.');
      }
      throw err;
    }
    return toDto(passkey);
  }

  async list(caller: { userId: string }): Promise<Passkey[]> {
    return (await this.passkeys.listOf(caller.userId)).map(toDto);
  }

  async rename(caller: { userId: string }, id: string, name: string): Promise<Passkey> {
    if (!(await this.passkeys.rename(caller.userId, id, name))) throw notFound();
    const passkey = await this.passkeys.findOf(caller.userId, id);
    if (!passkey) throw notFound();
    return toDto(passkey);
  }

  /** The last passkey of an account without a password stays: it is the only way in. */
  async remove(caller: { userId: string }, id: string): Promise<void> {
    const outcome = await this.passkeys.remove(caller.userId, id);
    if (outcome === 'not-found') throw notFound();
    if (outcome === 'last') throw new AppError('CONFLICT', PASSKEY_MESSAGES.lastOne);
  }

  /**
   * Options for signing up with a passkey instead of a password. The name is checked now, so a
   * taken one is said before the browser's prompt; the address is not, so the options tell
   * nobody who has an account. The passkey is made for a new account id, which names the
   * challenge too: the sign-up call creates the account under it, the passkey's user handle.
   * The challenge kept is a nonce; the one signed also commits to the e-mail and username
   * (`signUpChallenge`), so an answer sent with other details fails verification.
   */
  async signUpOptions(details: SignUpDetails): Promise<PasskeyCreation> {
    await this.auth.requireFreeName(details.displayName);
    const accountId = randomUUID();
    const nonce = randomBytes(32).toString('base64url');
    const options = await generateRegistrationOptions({
      rpName: this.rp.name,
      rpID: this.rp.id,
      userName: details.email,
      userDisplayName: details.displayName,
      userID: new TextEncoder().encode(accountId),
      challenge: signUpChallenge(nonce, details),
      timeout: PROMPT_TIMEOUT_MS,
      attestationType: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await this.keepChallenge(nonce, 'register', null, accountId);
    return { challengeId: accountId, options: options as PasskeyCreation['options'] };
  }

  /**
   * Verifies the answer to sign-up options asked with the same e-mail and username, then creates
   * the unverified account without a password, with this passkey, as password sign-up does
   * (AuthService.registerWithPasskey: a known address answers the same and keeps nothing).
   */
  async signUp(
    input: SignUpDetails & { challengeId: string; response: RegistrationResponseJSON },
  ): Promise<void> {
    const challenge = await this.passkeys.takeChallenge(input.challengeId, 'register', null);
    if (!challenge) throw stale();
    const signed = Buffer.from(signUpChallenge(challenge.challenge, input)).toString('base64url');
    const created = await this.verifyCreation(input.response, signed);
    const accountId = input.challengeId;
    const passkey = newPasskey(accountId, created, input.response, undefined);
    await this.auth.registerWithPasskey(
      { id: accountId, email: input.email, displayName: input.displayName },
      (trx) => this.passkeys.insertPasskey(passkey, trx),
    );
  }

  /** Options for a sign-in with any passkey the browser holds for this site. */
  async signInOptions(): Promise<PasskeyRequest> {
    const options = await generateAuthenticationOptions({
      rpID: this.rp.id,
      // A passkey stands in for the password and the second step together: the device's own
      // check (biometrics or PIN) is what makes it two factors, so it is required.
      userVerification: 'required',
      timeout: PROMPT_TIMEOUT_MS,
    });
    const challengeId = await this.keepChallenge(options.challenge, 'sign-in', null);
    return { challengeId, options: options as PasskeyRequest['options'] };
  }

  /**
   * Verifies a sign-in answer. An unverified account is refused as password sign-in refuses it,
   * after the passkey was checked, so the refusal tells nothing to someone without the key.
   */
  async signIn(
    input: { challengeId: string; response: AuthenticationResponseJSON },
    client: SignInClient,
  ): Promise<IssuedSession> {
    const challenge = await this.passkeys.takeChallenge(input.challengeId, 'sign-in', null);
    if (!challenge) throw stale();
    const passkey = await this.passkeys.findByCredentialId(input.response.id);
    if (!passkey) throw new AppError('INVALID_CREDENTIALS', PASSKEY_MESSAGES.unknownPasskey);
    const userHandle = input.response.response.userHandle;
    if (
      userHandle !== undefined &&
      userHandle !== Buffer.from(passkey.userId).toString('base64url')
    ) {
      throw notVerified();
    }
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response: input.response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: this.rp.origins,
        expectedRPID: this.rp.id,
        credential: {
          id: passkey.credentialId,
          publicKey: Buffer.from(passkey.publicKey, 'base64url'),
          counter: passkey.counter,
          transports: passkey.transports,
        },
        requireUserVerification: true,
      });
    } catch {
      throw notVerified();
    }
    if (!verified.verified) throw notVerified();
    await this.passkeys.recordUse(
      passkey.id,
      verified.authenticationInfo.newCounter,
      new Date().toISOString(),
    );
    const user = await this.users.findById(passkey.userId);
    if (!user) throw new AppError('INVALID_CREDENTIALS', PASSKEY_MESSAGES.unknownPasskey);
    if (!user.emailVerified)
      throw new AppError('EMAIL_NOT_VERIFIED', AUTH_MESSAGES.emailNotVerified);
    return this.auth.startSession(user, client);
  }

  /** The browser's answer to creation options, checked against the challenge they carried. */
  private async verifyCreation(
    response: RegistrationResponseJSON,
    challenge: string,
  ): Promise<CreatedPasskey> {
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.rp.origins,
        expectedRPID: this.rp.id,
        requireUserVerification: true,
      });
    } catch {
      throw notVerified();
    }
    if (!verified.verified) throw notVerified();
    return verified.registrationInfo;
  }

  private async keepChallenge(
    challenge: string,
    purpose: ChallengePurpose,
    userId: string | null,
    id: string = randomUUID(),
  ): Promise<string> {
    await this.passkeys.insertChallenge({
      id,
      challenge,
      purpose,
      userId,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS).toISOString(),
    });
    return id;
  }

  private async requireUser(id: string): Promise<UserRecord> {
    const user = await this.users.findById(id);
    if (!user) throw new AppError('NOT_FOUND', 'That account no longer exists.');
    return user;
  }
}

interface SignUpDetails {
  email: string;
  displayName: string;
}
type CreatedPasskey = VerifiedRegistrationResponse['registrationInfo'] & object;

/**
 * The challenge a sign-up's passkey signs: the kept nonce bound to the e-mail and username the
 * options were asked with, so the table keeps no address and other details cannot reuse it.
 */
function signUpChallenge(nonce: string, details: SignUpDetails): Uint8Array<ArrayBuffer> {
  const digest = createHash('sha256')
    .update(JSON.stringify([nonce, details.email, details.displayName]))
    .digest();
  return new Uint8Array(digest);
}

/** The passkey to keep for a verified creation answer, named `name` or after its provider. */
function newPasskey(
  userId: string,
  { credential, aaguid }: CreatedPasskey,
  response: RegistrationResponseJSON,
  name: string | undefined,
): Omit<StoredPasskey, 'lastUsedAt'> {
  return {
    id: randomUUID(),
    credentialId: credential.id,
    userId,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: response.response.transports ?? [],
    name: name ?? providerName(aaguid),
    createdAt: new Date().toISOString(),
  };
}

function tooMany(): AppError {
  return new AppError(
    'CONFLICT',
    `An account can have at most ${MAX_PASSKEYS_PER_ACCOUNT} passkeys. Remove one to add another.`,
  );
}
