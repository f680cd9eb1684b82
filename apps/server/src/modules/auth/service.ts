import { randomUUID } from 'node:crypto';
import type { User } from '@pbshare/shared';
import { AppError } from '../../http/app-error.js';
import type { AttemptLimiter } from '../../http/attempt-limiter.js';
import type { Mailer } from '../../mail/mailer.js';
import {
  passwordChangedMessage,
  resetPasswordMessage,
  verifyEmailMessage,
} from '../../mail/templates.js';
import type { AccessTokens } from '../../security/access-token.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../security/passwords.js';
import { hashToken, newToken } from '../../security/random-token.js';
import type { Storage } from '../../storage/storage.js';
import type { UserRecord, UsersRepository } from '../users/repository.js';
import { toUserDto } from '../users/user-dto.js';
import type { AuthRepository } from './repository.js';

export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface AuthLimiters {
  failedSignInsPerEmail: AttemptLimiter;
  mailsPerEmail: AttemptLimiter;
}

export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  user: User;
}

const INVALID_CREDENTIALS = 'Invalid email or password. Please try again.';

/** Account rules: sign-up, verification, sign-in, session rotation, password recovery. */
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly auth: AuthRepository,
    private readonly accessTokens: AccessTokens,
    private readonly mailer: Mailer,
    private readonly storage: Storage,
    private readonly limiters: AuthLimiters,
    private readonly options: { publicOrigin: string; supportEmail: string },
  ) {}

  async register(input: { email: string; password: string; displayName: string }): Promise<User> {
    await this.assertAvailable(input.email, input.displayName);
    const id = randomUUID();
    try {
      await this.users.insert({
        id,
        email: input.email,
        passwordHash: await hashPassword(input.password),
        displayName: input.displayName,
      });
    } catch (err) {
      // Two sign-ups racing for the same name: the unique index decides; say which one lost.
      await this.assertAvailable(input.email, input.displayName);
      throw err;
    }
    const user = await this.requireUser(id);
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
    await this.auth.useEmailToken(hash);
    await this.users.markEmailVerified(user.id);
    return toUserDto(await this.requireUser(user.id), this.storage);
  }

  /** Same answer whether or not the account exists, so the call cannot be used to probe e-mails. */
  async resendVerification(email: string): Promise<void> {
    this.limiters.mailsPerEmail.assertAllowed(`verify:${email}`);
    this.limiters.mailsPerEmail.hit(`verify:${email}`);
    const user = await this.users.findByEmail(email);
    if (user && !user.emailVerified) await this.sendVerification(user);
  }

  async login(input: { email: string; password: string }): Promise<IssuedSession> {
    this.limiters.failedSignInsPerEmail.assertAllowed(input.email);
    const user = await this.users.findByEmail(input.email);
    const valid = await verifyPassword(
      user?.passwordHash ?? (await decoyPasswordHash()),
      input.password,
    );
    if (!user || !valid) {
      this.limiters.failedSignInsPerEmail.hit(input.email);
      throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    }
    if (!user.emailVerified) {
      throw new AppError(
        'EMAIL_NOT_VERIFIED',
        'Please verify your email before signing in. Check your inbox, or send a new link.',
      );
    }
    this.limiters.failedSignInsPerEmail.reset(input.email);
    const sessionId = randomUUID();
    await this.auth.createSession({ id: sessionId, userId: user.id });
    return this.issue(user, sessionId);
  }

  /**
   * Trades a refresh token for a new pair. A token that was already traded means a copy is in
   * someone else's hands: the whole session is revoked, signing out both holders.
   */
  async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
    const expired = new AppError('UNAUTHORIZED', 'Session expired, please log in again.');
    if (!refreshToken) throw expired;
    const hash = hashToken(refreshToken);
    const stored = await this.auth.findRefreshToken(hash);
    if (!stored || stored.sessionRevokedAt) throw expired;
    if (stored.usedAt || !(await this.auth.useRefreshToken(hash))) {
      await this.auth.revokeSession(stored.sessionId);
      throw expired;
    }
    if (Date.parse(stored.expiresAt) <= Date.now()) throw expired;
    const user = await this.users.findById(stored.userId);
    if (!user) throw expired;
    return this.issue(user, stored.sessionId);
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
    this.limiters.mailsPerEmail.assertAllowed(`reset:${email}`);
    this.limiters.mailsPerEmail.hit(`reset:${email}`);
    const user = await this.users.findByEmail(email);
    if (!user) return;
    await this.auth.expireEmailTokensOf(user.id, 'reset');
    const token = await this.createEmailToken(user.id, 'reset', RESET_TOKEN_TTL_MS);
    await this.mailer.send(resetPasswordMessage(user.email, this.link('/reset-password', token)));
  }

  async resetPassword(token: string, password: string): Promise<void> {
    const hash = hashToken(token);
    const stored = await this.auth.findEmailToken(hash, 'reset');
    if (!stored) throw new AppError('TOKEN_INVALID', 'This reset link is not valid.');
    if (stored.usedAt)
      throw new AppError('TOKEN_INVALID', 'This reset link has already been used.');
    if (Date.parse(stored.expiresAt) <= Date.now()) {
      throw new AppError('TOKEN_EXPIRED', 'This reset link has expired. Please ask for a new one.');
    }
    if (!(await this.auth.useEmailToken(hash))) {
      throw new AppError('TOKEN_INVALID', 'This reset link has already been used.');
    }
    const user = await this.requireUser(stored.userId);
    await this.users.setPasswordHash(user.id, await hashPassword(password));
    // The mailed link proves the address is theirs.
    await this.users.markEmailVerified(user.id);
    await this.auth.revokeSessionsOf(user.id);
    this.limiters.failedSignInsPerEmail.reset(user.email);
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
    await this.users.setPasswordHash(user.id, await hashPassword(input.newPassword));
    await this.auth.revokeSessionsOf(user.id, caller.sessionId);
    await this.mailer.send(passwordChangedMessage(user.email, this.options.supportEmail));
  }

  private async assertAvailable(email: string, displayName: string): Promise<void> {
    if (await this.users.emailTaken(email)) {
      throw new AppError(
        'EMAIL_TAKEN',
        'An account with this email already exists. Try signing in.',
      );
    }
    if (await this.users.displayNameTaken(displayName)) {
      throw new AppError('USERNAME_TAKEN', 'That username is taken');
    }
  }

  private async issue(user: UserRecord, sessionId: string): Promise<IssuedSession> {
    const refreshToken = newToken();
    await this.auth.insertRefreshToken({
      hash: hashToken(refreshToken),
      sessionId,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS).toISOString(),
    });
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
