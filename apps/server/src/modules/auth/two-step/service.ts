import { randomBytes, randomInt } from 'node:crypto';
import {
  PRODUCT_NAME,
  RECOVERY_CODE_COUNT,
  TWO_STEP_MESSAGES,
  recoveryCodeSchema,
  totpCodeSchema,
  type SecondStepInput,
  type TwoStepSetup,
  type TwoStepStatus,
} from '@pbshare/shared';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { AppError } from '../../../errors/app-error.js';
import type { SignInThrottle } from '../../../http/sign-in-throttle.js';
import type { AccessTokens } from '../../../security/access-token.js';
import { verifyPassword } from '../../../security/passwords.js';
import { hashToken } from '../../../security/random-token.js';
import type { SecretBox } from '../../../security/secret-box.js';
import { setPasswordFirst, type UserDirectory, type UserRecord } from '../../users/index.js';
import type { StoredTwoStep, TwoStepRepository } from './repository.js';

/** Codes from the step before and after the current one count too: phone clocks drift. */
const EPOCH_TOLERANCE_S = 30;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const wrongCode = () => new AppError('INVALID_CREDENTIALS', TWO_STEP_MESSAGES.wrongCode);
const wrongPassword = () =>
  new AppError('INVALID_CREDENTIALS', 'Your password is not correct.', [
    { field: 'password', message: 'Your password is not correct.' },
  ]);

/**
 * An authenticator app (TOTP, RFC 6238, by otplib) as a second step after a right password:
 * setup with a QR code confirmed by a first code, ten single-use recovery codes shown once, the
 * ticket a right password earns, and the step that trades it and a code for a session. Codes are
 * throttled by the sign-in throttle, keyed by the account, like passwords.
 */
export class TwoStepService {
  constructor(
    private readonly repository: TwoStepRepository,
    private readonly users: UserDirectory,
    private readonly box: SecretBox,
    private readonly tickets: AccessTokens,
    private readonly throttle: SignInThrottle,
  ) {}

  async status(userId: string): Promise<TwoStepStatus> {
    const stored = await this.repository.find(userId);
    const enabled = stored?.enabled ?? false;
    return {
      enabled,
      recoveryCodesLeft: enabled ? await this.repository.recoveryCodesLeft(userId) : 0,
    };
  }

  async isEnabled(userId: string): Promise<boolean> {
    return (await this.repository.find(userId))?.enabled ?? false;
  }

  /** A new secret to scan; it only counts once `enable` gets a code made from it. */
  async setup(userId: string, password: string): Promise<TwoStepSetup> {
    const user = await this.requirePassword(userId, password);
    if (await this.isEnabled(userId)) {
      throw new AppError('CONFLICT', 'Two-step sign-in is already on.');
    }
    const secret = generateSecret();
    await this.repository.setPending(userId, this.box.seal(secret));
    const uri = generateURI({ issuer: PRODUCT_NAME, label: user.email, secret });
    const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, uri, qrSvg };
  }

  /** The first code confirms the app has the secret; answers the recovery codes, once. */
  async enable(userId: string, code: string): Promise<string[]> {
    const stored = await this.repository.find(userId);
    const pending = stored?.pendingSecret;
    const secret = pending ? this.box.open(pending) : null;
    if (!pending || !secret) {
      throw new AppError('CONFLICT', 'Start the setup again: scan a new QR code.');
    }
    const step = await matchingStep(secret, code);
    if (step === null) throw wrongCode();
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const hashes = codes.map((c) => hashToken(recoveryCodeSchema.parse(c)));
    if (!(await this.repository.enable(userId, pending, step, hashes))) {
      throw new AppError('CONFLICT', 'Start the setup again: scan a new QR code.');
    }
    return codes;
  }

  /** Off, with the password and a code from the app or a recovery code. */
  async disable(userId: string, password: string, code: string): Promise<void> {
    await this.requirePassword(userId, password);
    const stored = await this.repository.find(userId);
    if (!stored?.enabled) return;
    if (!(await this.acceptCode(userId, code, stored))) throw wrongCode();
    await this.repository.remove(userId);
  }

  /** What a right password answers for an account with a second step. */
  ticketFor(userId: string): Promise<string> {
    return this.tickets.sign({ userId, sessionId: randomBytes(9).toString('base64url') });
  }

  /**
   * Trades a ticket and a code (or a recovery code) for the account, counting each try before
   * it is checked, as password guesses are.
   */
  async passSecondStep(input: SecondStepInput, address: string): Promise<UserRecord> {
    const claims = await this.tickets.verify(input.ticket);
    if (!claims) throw new AppError('UNAUTHORIZED', TWO_STEP_MESSAGES.ticketExpired);
    const attempt = { email: `two-step:${claims.userId}`, address };
    await this.throttle.reserve(attempt);
    const code = 'code' in input ? input.code : input.recoveryCode;
    if (!(await this.acceptCode(claims.userId, code))) throw wrongCode();
    await this.throttle.recordSuccess(attempt);
    const user = await this.users.findById(claims.userId);
    if (!user) throw new AppError('UNAUTHORIZED', TWO_STEP_MESSAGES.ticketExpired);
    return user;
  }

  /**
   * A current app code not used before, or an unspent recovery code. `stored` is the account's
   * two_step row when the caller has read it; otherwise it is read here, for an app code only.
   */
  private async acceptCode(userId: string, code: string, stored?: StoredTwoStep): Promise<boolean> {
    const totp = totpCodeSchema.safeParse(code);
    if (totp.success) {
      const row = stored ?? (await this.repository.find(userId));
      const secret = row?.sealedSecret ? this.box.open(row.sealedSecret) : null;
      if (!secret) return false;
      const step = await matchingStep(secret, totp.data);
      return step !== null && this.repository.takeStep(userId, step);
    }
    const recovery = recoveryCodeSchema.safeParse(code);
    return recovery.success && this.repository.spendRecoveryCode(userId, hashToken(recovery.data));
  }

  private async requirePassword(userId: string, password: string): Promise<UserRecord> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
    if (user.passwordHash === null) throw setPasswordFirst('password');
    if (!(await verifyPassword(user.passwordHash, password))) throw wrongPassword();
    return user;
  }
}

async function matchingStep(secret: string, code: string): Promise<number | null> {
  const result = await verify({ secret, token: code, epochTolerance: EPOCH_TOLERANCE_S });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** 'abcde-fghjk': 10 characters from an alphabet without look-alikes (no 0/o, 1/l/i). */
function newRecoveryCode(): string {
  const chars = Array.from(
    { length: 10 },
    () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
  );
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}
