import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES, usernameKey, type User } from '@pbshare/shared';
import { AppError } from '../../errors/app-error.js';
import type { AttemptLimiter } from '../../http/attempt-limiter.js';
import type { SignInThrottle } from '../../http/sign-in-throttle.js';
import type { Mailer } from '../../mail/mailer.js';
import {
  passwordChangedMessage,
  resetPasswordMessage,
  verifyEmailMessage,
} from '../../mail/templates.js';
import type { AccessTokens } from '../../security/access-token.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../security/passwords.js';
import { hashToken, newToken } from '../../security/random-token.js';
import type { RefreshSuccessor } from '../../security/refresh-successor.js';
import { REFRESH_TOKEN_TTL_MS } from '../../security/session-lifetime.js';
import type { Storage } from '../../storage/storage.js';
import { toUserDto, type UserDirectory, type UserRecord } from '../users/index.js';
import type { AuthRepository } from './repository.js';

export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
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

const INVALID_CREDENTIALS = AUTH_MESSAGES.invalidCredentials;

const usernameTaken = () => new AppError('USERNAME_TAKEN', 'That username is taken');

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
  ) {}

  /**
   * Creates an unverified account and mails its link. A name already taken goes to
   * `retypeEmail`, which lets the owner of a still-unverified sign-up fix a mistyped address.
   * `address` is the client's, for the guessing throttle there.
   */
  async register(
    input: { email: string; password: string; displayName: string },
    address: string,
  ): Promise<User> {
    await this.assertEmailFree(input.email);
    if (await this.users.displayNameTaken(input.displayName)) {
      return this.retypeEmail(input, address);
    }
    const id = randomUUID();
    try {
      await this.auth.insertUser({
        id,
        email: input.email,
        passwordHash: await hashPassword(input.password),
        displayName: input.displayName,
      });
    } catch (err) {
      // Two sign-ups racing for the same name: the unique index decides; say which one lost.
      await this.assertEmailFree(input.email);
      if (await this.users.displayNameTaken(input.displayName)) throw usernameTaken();
      throw err;
    }
    const user = await this.requireUser(id);
    await this.sendVerification(user);
    return toUserDto(user, this.storage);
  }

  /**
   * Signing up again with a taken name (docs/PRODUCT.md §2, Sign-up): when the name's account is
   * still unverified and the password is its own, the new e-mail replaces the old one, the old
   * links stop working and a new link goes to the new address. Anything else answers as a taken
   * name always did. Every refusal costs one argon2 check (the decoy's when the name is verified
   * or only held), so timing tells nobody whether an account is verified; the sign-in throttle,
   * keyed by the name, slows guessing at a pending account's password.
   */
  private async retypeEmail(
    input: { email: string; password: string; displayName: string },
    address: string,
  ): Promise<User> {
    const attempt = { email: `username:${usernameKey(input.displayName)}`, address };
    await this.limiters.signIn.assertAllowed(attempt);
    const holder = await this.users.findByDisplayName(input.displayName);
    const pending = holder && !holder.emailVerified ? holder : undefined;
    const valid = await verifyPassword(
      pending?.passwordHash ?? (await decoyPasswordHash()),
      input.password,
    );
    if (!pending || !valid) {
      await this.limiters.signIn.recordFailure(attempt);
      throw usernameTaken();
    }
    await this.limiters.signIn.recordSuccess(attempt);
    await this.limiters.mailsPerEmail.assertAllowed(`verify:${input.email}`);
    await this.limiters.mailsPerEmail.hit(`verify:${input.email}`);
    let replaced: boolean;
    try {
      replaced = await this.auth.replacePendingEmail(pending.id, input.email);
    } catch (err) {
      // Another sign-up took the address meanwhile: the unique index refused it.
      await this.assertEmailFree(input.email);
      throw err;
    }
    // The old link was spent meanwhile: the account is verified and keeps its address.
    if (!replaced) throw usernameTaken();
    const user = await this.requireUser(pending.id);
    await this.sendVerification(user);
    return toUserDto(user, this.storage);
  }

  async verifyEmail(token: string): Promise<User> {
    const hash = hashToken(token);
    const stored = await this.auth.findEmailToken(hash, 'verify');
    if (!stored) throw new AppError('TOKEN_INVALID', 'This verification link is not valid.');
    const user = await this.requireUser(stored.userId);
    if (stored.usedAt) {
      if (user.emailVerified) return toUserDto(user, this.storage);
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
    if (!(await this.auth.spendVerifyToken(hash, user.id))) {
      const now = await this.requireUser(user.id);
      if (now.emailVerified) return toUserDto(now, this.storage);
      throw new AppError('TOKEN_INVALID', 'This verification link has already been used.');
    }
    return toUserDto(await this.requireUser(user.id), this.storage);
  }

  /** Same answer whether or not the account exists, so the call cannot be used to probe e-mails. */
  async resendVerification(email: string): Promise<void> {
    await this.limiters.mailsPerEmail.assertAllowed(`verify:${email}`);
    await this.limiters.mailsPerEmail.hit(`verify:${email}`);
    const user = await this.users.findByEmail(email);
    if (user && !user.emailVerified) await this.sendVerification(user);
  }

  /** `address` is the client's, for the sign-in throttle. */
  async login(input: { email: string; password: string }, address: string): Promise<IssuedSession> {
    const attempt = { email: input.email, address };
    // Checked before the password, so a throttled guess learns nothing and costs no hashing.
    await this.limiters.signIn.assertAllowed(attempt);
    const user = await this.users.findByEmail(input.email);
    const valid = await verifyPassword(
      user?.passwordHash ?? (await decoyPasswordHash()),
      input.password,
    );
    if (!user || !valid) {
      await this.limiters.signIn.recordFailure(attempt);
      throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    }
    if (!user.emailVerified) {
      throw new AppError(
        'EMAIL_NOT_VERIFIED',
        'Please verify your email before signing in. Check your inbox, or send a new link.',
      );
    }
    await this.limiters.signIn.recordSuccess(attempt);
    const sessionId = randomUUID();
    await this.auth.createSession({ id: sessionId, userId: user.id });
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

  /** Same answer whether or not the account exists. */
  async forgotPassword(email: string): Promise<void> {
    await this.limiters.mailsPerEmail.assertAllowed(`reset:${email}`);
    await this.limiters.mailsPerEmail.hit(`reset:${email}`);
    const user = await this.users.findByEmail(email);
    if (!user) return;
    await this.auth.expireEmailTokensOf(user.id, 'reset');
    const token = await this.createEmailToken(user.id, 'reset', RESET_TOKEN_TTL_MS);
    await this.mailer.send(resetPasswordMessage(user.email, this.link('/reset-password', token)));
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
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      throw new AppError('INVALID_CREDENTIALS', 'Your current password is not correct.', [
        { field: 'currentPassword', message: 'Your current password is not correct.' },
      ]);
    }
    await this.auth.setPasswordHash(user.id, await hashPassword(input.newPassword));
    await this.auth.revokeSessionsOf(user.id, caller.sessionId);
    await this.mailer.send(passwordChangedMessage(user.email, this.options.supportEmail));
  }

  private async assertEmailFree(email: string): Promise<void> {
    if (await this.users.emailTaken(email)) {
      throw new AppError(
        'EMAIL_TAKEN',
        'An account with this email already exists. Try signing in.',
      );
    }
  }

  private async issue(
    user: UserRecord,
    sessionId: string,
    refreshToken: string,
  ): Promise<IssuedSession> {
    const accessToken = await this.accessTokens.sign({ userId: user.id, sessionId });
    return { accessToken, refreshToken, user: toUserDto(user, this.storage) };
  }

  private async sendVerification(user: UserRecord): Promise<void> {
    await this.auth.expireEmailTokensOf(user.id, 'verify');
    const token = await this.createEmailToken(user.id, 'verify', VERIFY_TOKEN_TTL_MS);
    await this.mailer.send(
      verifyEmailMessage(user.email, user.displayName, this.link('/verify', token)),
    );
  }

  private async createEmailToken(
    userId: string,
    purpose: 'verify' | 'reset',
    ttlMs: number,
  ): Promise<string> {
    const token = newToken();
    await this.auth.insertEmailToken({
      hash: hashToken(token),
      userId,
      purpose,
      expiresAt: new Date(Date.now() + ttlMs).toISOString(),
    });
    return token;
  }

  private link(path: string, token: string): string {
    return `${this.options.publicOrigin}${path}?token=${encodeURIComponent(token)}`;
  }

  private async requireUser(id: string): Promise<UserRecord> {
    const user = await this.users.findById(id);
    if (!user) throw new AppError('NOT_FOUND', 'That account no longer exists.');
    return user;
  }
}
