import { DEVICE_MESSAGES, type SignedInDevice } from '@pbshare/shared';
import { AppError } from '../../../errors/app-error.js';
import type { MailMessage } from '../../../mail/mailer.js';
import { newSignInMessage } from '../../../mail/sign-in-templates.js';
import { hashToken } from '../../../security/random-token.js';
import { REFRESH_TOKEN_TTL_MS } from '../../../security/session-lifetime.js';
import type { AuthRepository } from '../repository.js';
import { countryOfAddress } from './country-of-address.js';
import { deviceLabel } from './device-label.js';
import type { DeviceRecognition, DevicesRepository } from './repository.js';

export type { DeviceRecognition };

export interface SignIn {
  userId: string;
  email: string;
  sessionId: string;
  /** The id in the browser's device cookie (minted for this sign-in when it had none). */
  deviceId: string;
  userAgent: string | undefined;
  address: string;
  /** What the known devices said of this one, when the request read them already (`recognise`). */
  seen?: DeviceRecognition;
}

/** Where the new sign-in mail sends the owner. */
export const DEVICES_SETTINGS_PATH = '/profile/settings?tab=security';

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * The account's devices: what each session is (device, browser, country, last use), which devices
 * signed in before, the mail about a new one, and signing sessions out from Settings.
 */
export class DevicesService {
  constructor(
    private readonly devices: DevicesRepository,
    private readonly auth: AuthRepository,
    private readonly notify: (message: MailMessage) => Promise<void>,
    private readonly publicOrigin: string,
  ) {}

  /**
   * Whether the account knows the device: asked before the password is checked (a known device
   * skips the account ceiling), and handed to `recordSignIn` so a sign-in reads it once.
   */
  async recognise(userId: string, deviceId: string): Promise<DeviceRecognition> {
    return this.devices.recognition(userId, hashToken(deviceId));
  }

  /**
   * Describes the new session and remembers its device. A device the account never used mails
   * the owner, except for the account's first: signing up and in is no news to anyone. The known
   * devices are read here unless the sign-in brings what they said (`seen`).
   */
  async recordSignIn(signIn: SignIn): Promise<void> {
    const at = new Date();
    const label = deviceLabel(signIn.userAgent);
    const country = await countryOfAddress(signIn.address);
    await this.devices.describeSession(signIn.sessionId, {
      ...label,
      country,
      at: at.toISOString(),
    });
    const deviceHash = hashToken(signIn.deviceId);
    const { known, anyKnown } =
      signIn.seen ?? (await this.devices.recognition(signIn.userId, deviceHash));
    await this.devices.remember(signIn.userId, deviceHash, at.toISOString());
    if (known || !anyKnown) return;
    await this.notify(
      newSignInMessage(
        signIn.email,
        { ...label, country: country && countryName(country), at },
        `${this.publicOrigin}${DEVICES_SETTINGS_PATH}`,
      ),
    );
  }

  /** A refresh is the session in use: 'last seen' moves with it. */
  async touch(sessionId: string): Promise<void> {
    await this.devices.touchSession(sessionId, new Date().toISOString());
  }

  /** Sessions that can still refresh (used within the refresh token's lifetime): this one, then newest first. */
  async list(caller: { userId: string; sessionId: string }): Promise<SignedInDevice[]> {
    const since = new Date(Date.now() - REFRESH_TOKEN_TTL_MS).toISOString();
    const sessions = await this.devices.liveSessions(caller.userId, since);
    // The asking device first, as people look for it before the others.
    sessions.sort((a, b) => Number(b.id === caller.sessionId) - Number(a.id === caller.sessionId));
    return sessions.map((session) => ({
      id: session.id,
      device: session.device,
      browser: session.browser,
      country: session.country,
      signedInAt: session.createdAt,
      lastSeenAt: session.lastSeenAt,
      current: session.id === caller.sessionId,
    }));
  }

  async signOut(caller: { userId: string }, sessionId: string): Promise<void> {
    if (!(await this.devices.revokeSession(caller.userId, sessionId))) {
      throw new AppError('NOT_FOUND', DEVICE_MESSAGES.notFound);
    }
  }

  async signOutOthers(caller: { userId: string; sessionId: string }): Promise<void> {
    await this.auth.revokeSessionsOf(caller.userId, caller.sessionId);
  }
}

function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}
