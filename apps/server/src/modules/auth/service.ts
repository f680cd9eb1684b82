import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES, usernameKey, type User } from '@pbshare/shared';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { AppError } from '../../errors/app-error.js';
import type { AttemptLimiter } from '../../http/attempt-limiter.js';
import type { SignInThrottle } from '../../http/sign-in-throttle.js';
import type { Mailer } from '../../mail/mailer.js';
import { passwordChangedMessage } from '../../mail/templates.js';
import type { AccessTokens } from '../../security/access-token.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../security/passwords.js';
import { hashToken, newToken } from '../../security/random-token.js';
import type { RefreshSuccessor } from '../../security/refresh-successor.js';
import { REFRESH_TOKEN_TTL_MS } from '../../security/session-lifetime.js';
import type { Storage } from '../../storage/storage.js';
import {
  setPasswordFirst,
  toUserDto,
  type UserDirectory,
  type UserRecord,
} from '../users/index.js';
import type { DeviceRecognition, DevicesService } from './devices/service.js';
import type { AuthRepository } from './repository.js';
import type { TwoStepService } from './two-step/service.js';

/**
 * How long a just-rotated refresh token still answers with its successor instead of counting as
 * stolen: long enough for tabs, or a request retried after a lost answer, that sent the same cookie
 * at once; short enough that a copy used later still revokes the session.
 */
export const REFRESH_GRACE_MS = 30 * 1000;

export interface AuthLimiters {
  signIn: SignInThrottle;
  mailsPerEmail: AttemptLimiter;
}

export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  user: User;
}

/** Who is signing in, as far as the request tells. */
export interface SignInClient {
  address: string;
  /** The browser's device id (its cookie's, or one minted for this sign-in). */
  deviceId: string;
  userAgent: string | undefined;
}

/** A right password answers a session, or a ticket when the account has a second step. */
export type SignInOutcome = IssuedSession | { secondStepTicket: string };

/** What a sign-in asks besides the password: the known devices and the second step. */
export interface SignInFactors {
  devices: DevicesService;
  twoStep: TwoStepService;
}

const INVALID_CREDENTIALS = AUTH_MESSAGES.invalidCredentials;

const usernameTaken = () => new AppError('USERNAME_TAKEN', 'That username is taken');

/**
 * Whether the password is the account's, after one argon2 check in every case: the decoy's for
 * an unknown account and for one without a password, which then never matches (not even the
 * decoy's own password), so neither the answer nor its timing tells those apart from a wrong
 * password.
 */
async function passwordMatches(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  const valid = await verifyPassword(passwordHash ?? (await decoyPasswordHash()), password);
  return valid && typeof passwordHash === 'string';
}

/** Account rules: sign-up, verification, sign-in, session rotation, password recovery. */
export class AuthService {
  constructor(
    private readonly users: UserDirectory,
    private readonly auth: AuthRepository,
    private readonly accessTokens: AccessTokens,
    private readonly refreshSuccessor: RefreshSuccessor,
    private readonly mailer: Mailer,
    private readonly storage: Storage,
    private readonly limiters: AuthLimiters,
    private readonly options: { publicOrigin: string; supportEmail: string },
    private readonly factors: SignInFactors,
  ) {}

  /**
   * Creates an unverified account and queues its link. An address that already has an account
   * gets the same answer, after the same argon2 work, and its owner a mail instead, so sign-up
   * tells nobody who has an account (docs/PRODUCT.md §2). A name already taken goes to
   * `retypeEmail`, which lets the owner of a still-unverified sign-up fix a mistyped address.
   * `address` is the client's, for the guessing throttle there.
   */
  async register(
    input: { email: string; password: string; displayName: string },
    address: string,
  ): Promise<void> {
    // Counted for known and new addresses alike: it bounds the mails one address can be sent.
    await this.limiters.mailsPerEmail.take(`sign-up:${input.email}`);
    if (await this.users.displayNameTaken(input.displayName)) {
      return this.retypeEmail(input, address);
    }
    const passwordHash = await hashPassword(input.password);
    await this.createAccount({ ...input, id: randomUUID(), passwordHash });
  }

  /**
   * Sign-up with a passkey the caller has verified: as `register`, without a password. The account
   * `id` is the one the passkey was made for (its user handle), and `addPasskey` writes the passkey
   * in the account's transaction. A known address answers the same and keeps nothing. A taken name
   * is refused outright: with no password, nothing proves a pending account is the caller's.
   */
  async registerWithPasskey(
    input: { id: string; email: string; displayName: string },
    addPasskey: (trx: Kysely<DatabaseSchema>) => Promise<void>,
  ): Promise<void> {
    await this.limiters.mailsPerEmail.take(`sign-up:${input.email}`);
    await this.requireFreeName(input.displayName);
    await this.createAccount({ ...input, passwordHash: null }, addPasskey);
  }

  /** Refuses a name that is taken, held or retired, as sign-up does. */
  async requireFreeName(displayName: string): Promise<void> {
    if (await this.users.displayNameTaken(displayName)) throw usernameTaken();
  }

  private async createAccount(
    account: { id: string; email: string; passwordHash: string | null; displayName: string },
    alsoWrite?: (trx: Kysely<DatabaseSchema>) => Promise<void>,
  ): Promise<void> {
    if (await this.users.emailTaken(account.email)) return this.signUpAgain(account.email);
    try {
      await this.auth.insertUser(account, alsoWrite);
    } catch (err) {
      // Two sign-ups racing: the unique indexes decide. A lost name says so, as it always would.
      if (await this.users.displayNameTaken(account.displayName)) throw usernameTaken();
      if (await this.users.emailTaken(account.email)) return this.signUpAgain(account.email);
      throw err;
    }
  }

  /** The address has an account: its owner is told, and the caller answered as for a new one. */
  private async signUpAgain(email: string): Promise<void> {
    await this.auth.enqueueAccountMail({ purpose: 'sign-up-again', email });
  }

  /**
   * Signing up again with a taken name (docs/PRODUCT.md §2, Sign-up): when the name's account is
   * still unverified and the password is its own, the new e-mail replaces the old one, the old
   * links stop working and a new link goes to the new address. Anything else answers as a taken
   * name always did. Every refusal costs one argon2 check (the decoy's when the name is verified
   * or only held), so timing tells nobody whether an account is verified; the sign-in throttle,
   * keyed by the name, slows guessing at a pending account's password. A new e-mail that already
   * has an account answers as a success and leaves the pending account as it was, so this path
   * tells nobody who has an account either.
   */
  private async retypeEmail(
    input: { email: string; password: string; displayName: string },
    address: string,
  ): Promise<void> {
    const attempt = { email: `username:${usernameKey(input.displayName)}`, address };
    await this.limiters.signIn.reserve(attempt);
    const holder = await this.users.findByDisplayName(input.displayName);
    const pending = holder && !holder.emailVerified ? holder : undefined;
    const valid = await passwordMatches(pending?.passwordHash, input.password);
    if (!pending || !valid) throw usernameTaken();
    await this.limiters.signIn.recordSuccess(attempt);
    await this.limiters.mailsPerEmail.take(`verify:${input.email}`);
    if (await this.users.emailTaken(input.email)) return this.signUpAgain(input.email);
    let replaced: boolean;
    try {
      replaced = await this.auth.replacePendingEmail(pending.id, input.email);
    } catch (err) {
      // Another sign-up took the address meanwhile: the unique index refused it.
      if (await this.users.emailTaken(input.email)) return this.signUpAgain(input.email);
      throw err;
    }
    // The old link was spent meanwhile: the account is verified and keeps its address.
    if (!replaced) throw usernameTaken();
    await this.auth.enqueueAccountMail({ purpose: 'verify', email: input.email });
  }

  /**
   * Spends a verification link. The answer carries no account data: a link is often left in a
   * mailbox or a browser history, and a spent one must not show whose account it was. A spent
   * link of a verified account answers as a success, so a second click still reads fine.
   */
  async verifyEmail(token: string): Promise<void> {
    const hash = hashToken(token);
    const stored = await this.auth.findEmailToken(hash, 'verify');
    if (!stored) throw new AppError('TOKEN_INVALID', 'This verification link is not valid.');
    const user = await this.requireUser(stored.userId);
    if (stored.usedAt) {
      if (user.emailVerified) return;
      throw new AppError('TOKEN_INVALID', 'This verification link has already been used.');
    }
    if (Date.parse(stored.expiresAt) <= Date.now()) {
      throw new AppError(
        'TOKEN_EXPIRED',
        'This verification link has expired. We can send you a new one.',
      );
    }
    // Spending the link and marking the account verified happen together, so a link voided
    // meanwhile (a newer one sent, or the address replaced) verifies nothing.
    if (await this.auth.spendVerifyToken(hash, user.id)) return;
    if ((await this.requireUser(user.id)).emailVerified) return;
    throw new AppError('TOKEN_INVALID', 'This verification link has already been used.');
  }

  /**
   * The same work whether or not the account exists (count, queue one job), so neither the answer
   * nor its timing can be used to probe e-mails: the job looks the account up.
   */
  async resendVerification(email: string): Promise<void> {
    await this.limiters.mailsPerEmail.take(`verify:${email}`);
    await this.auth.enqueueAccountMail({ purpose: 'verify', email });
  }

  /**
   * `address` is the client's, for the sign-in throttle; `trusted` when the request comes from a
   * device the owner signed in from before (the account-wide ceiling skips it).
   */
  async login(
    input: { email: string; password: string },
    client: SignInClient,
  ): Promise<SignInOutcome> {
    const user = await this.users.findByEmail(input.email);
    // Asked for unknown e-mails too (it matches nothing), so the answer's timing tells nobody who
    // has an account. A device the owner signed in from before never meets the account ceiling.
    const seen = await this.factors.devices.recognise(user?.id ?? '', client.deviceId);
    const attempt = { email: input.email, address: client.address, trusted: seen.known };
    // Counted before the password is hashed, so guesses sent at once cannot pass a limit together;
    // a throttled guess learns nothing and costs no hashing. A wrong one stays counted.
    await this.limiters.signIn.reserve(attempt);
    const valid = await passwordMatches(user?.passwordHash, input.password);
    if (!user || !valid) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    await this.limiters.signIn.recordSuccess(attempt);
    if (!user.emailVerified) {
      throw new AppError('EMAIL_NOT_VERIFIED', AUTH_MESSAGES.emailNotVerified);
    }
    if (await this.factors.twoStep.isEnabled(user.id)) {
      return { secondStepTicket: await this.factors.twoStep.ticketFor(user.id) };
    }
    return this.startSession(user, client, seen);
  }

  /**
   * A new session for an account whose owner has just proved who they are (a password, a passkey,
   * a second step): its refresh token and a first access token. The session is described for the
   * devices list, and a device the account never used mails the owner. `seen` is what the known
   * devices said of this one, when the caller read them already.
   */
  async startSession(
    user: UserRecord,
    client: SignInClient,
    seen?: DeviceRecognition,
  ): Promise<IssuedSession> {
    const sessionId = randomUUID();
    await this.auth.createSession({ id: sessionId, userId: user.id });
    await this.factors.devices.recordSignIn({
      userId: user.id,
      email: user.email,
      sessionId,
      deviceId: client.deviceId,
      userAgent: client.userAgent,
      address: client.address,
      seen,
    });
    const refreshToken = newToken();
    await this.auth.insertRefreshToken({
      hash: hashToken(refreshToken),
      sessionId,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS).toISOString(),
    });
    return this.issue(user, sessionId, refreshToken);
  }

  /**
   * Trades a refresh token for a new pair. The new refresh token is derived from the old one
   * (`RefreshSuccessor`), so a request that arrives with the same token within REFRESH_GRACE_MS of
   * its rotation, while the successor is still unused, gets that same successor: tabs refreshing
   * together all stay signed in with one cookie. Any other use of a traded token means a copy is in
   * someone else's hands: the whole session is revoked, signing out both holders.
   */
  async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
    const expired = new AppError('UNAUTHORIZED', AUTH_MESSAGES.sessionExpired);
    if (!refreshToken) throw expired;
    const hash = hashToken(refreshToken);
    const stored = await this.auth.findRefreshToken(hash);
    if (!stored || stored.sessionRevokedAt) throw expired;
    if (stored.usedAt === null && Date.parse(stored.expiresAt) <= Date.now()) throw expired;
    const successor = this.refreshSuccessor.of(refreshToken);
    const rotated =
      stored.usedAt === null &&
      (await this.auth.rotateRefreshToken(hash, {
        hash: hashToken(successor),
        sessionId: stored.sessionId,
        expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS).toISOString(),
      }));
    if (!rotated && !(await this.isTwinOfFreshRotation(hash, successor))) {
      await this.auth.revokeSession(stored.sessionId);
      throw expired;
    }
    const user = await this.users.findById(stored.userId);
    if (!user) throw expired;
    await this.factors.devices.touch(stored.sessionId);
    return this.issue(user, stored.sessionId, successor);
  }

  /** A used token is forgiven only within the grace window and while its successor is unused. */
  private async isTwinOfFreshRotation(hash: string, successor: string): Promise<boolean> {
    const [used, next] = await Promise.all([
      this.auth.findRefreshToken(hash),
      this.auth.findRefreshToken(hashToken(successor)),
    ]);
    if (!used?.usedAt || next?.usedAt !== null || next.sessionRevokedAt !== null) {
      return false;
    }
    return Date.now() - Date.parse(used.usedAt) <= REFRESH_GRACE_MS;
  }

  async logout(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    const stored = await this.auth.findRefreshToken(hashToken(refreshToken));
    if (stored) await this.auth.revokeSession(stored.sessionId);
  }

  async sessionIsLive(userId: string, sessionId: string): Promise<boolean> {
    return this.auth.sessionIsLive(sessionId, userId);
  }

  /** Same answer and the same work whether or not the account exists, as `resendVerification`. */
  async forgotPassword(email: string): Promise<void> {
    await this.limiters.mailsPerEmail.take(`reset:${email}`);
    await this.auth.enqueueAccountMail({ purpose: 'reset', email });
  }

  /** `address` is the client's: its sign-in failures for the account are forgiven too. */
  async resetPassword(token: string, password: string, address: string): Promise<void> {
    const hash = hashToken(token);
    const stored = await this.auth.findEmailToken(hash, 'reset');
    if (!stored) throw new AppError('TOKEN_INVALID', 'This reset link is not valid.');
    if (stored.usedAt)
      throw new AppError('TOKEN_INVALID', 'This reset link has already been used.');
    if (Date.parse(stored.expiresAt) <= Date.now()) {
      throw new AppError('TOKEN_EXPIRED', 'This reset link has expired. Please ask for a new one.');
    }
    const user = await this.requireUser(stored.userId);
    if (!(await this.auth.spendResetToken(hash, user.id, await hashPassword(password)))) {
      throw new AppError('TOKEN_INVALID', 'This reset link has already been used.');
    }
    await this.auth.revokeSessionsOf(user.id);
    await this.limiters.signIn.forgetAccount({ email: user.email, address });
    await this.mailer.send(passwordChangedMessage(user.email, this.options.supportEmail));
  }

  async changePassword(
    caller: { userId: string; sessionId: string },
    input: { currentPassword: string; newPassword: string },
  ): Promise<void> {
    const user = await this.requireUser(caller.userId);
    if (user.passwordHash === null) throw setPasswordFirst('currentPassword');
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      throw new AppError('INVALID_CREDENTIALS', 'Your current password is not correct.', [
        { field: 'currentPassword', message: 'Your current password is not correct.' },
      ]);
    }
    await this.auth.setPasswordHash(user.id, await hashPassword(input.newPassword));
    await this.auth.revokeSessionsOf(user.id, caller.sessionId);
    await this.mailer.send(passwordChangedMessage(user.email, this.options.supportEmail));
  }

  private async issue(
    user: UserRecord,
    sessionId: string,
    refreshToken: string,
  ): Promise<IssuedSession> {
    const accessToken = await this.accessTokens.sign({ userId: user.id, sessionId });
    return { accessToken, refreshToken, user: toUserDto(user, this.storage) };
  }

  private async requireUser(id: string): Promise<UserRecord> {
    const user = await this.users.findById(id);
    if (!user) throw new AppError('NOT_FOUND', 'That account no longer exists.');
    return user;
  }
}
