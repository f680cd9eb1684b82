import { AUTH_MESSAGES, type User } from '@pbshare/shared';

import { DevicesSection } from './devices-section';
import { PasskeysSection } from './passkeys-section';
import { SecuritySection } from './security-section';
import { SetPasswordButton } from './set-password';
import { TwoStepSection } from './two-step-section';

/** Settings → Security: how the account is signed in to, and where it is. */
export function SecurityTab({ user }: { user: User }) {
  return (
    <div className="grid gap-10">
      <SecuritySection
        id="passkeys"
        title="Passkeys"
        description="Sign in with your fingerprint, face or screen lock instead of your password."
      >
        <PasskeysSection />
      </SecuritySection>
      <SecuritySection
        id="two-step"
        title="Authenticator app"
        description="After your password, sign-in also asks for a code from an app on your phone."
      >
        {/* The app's code follows a password; an account made with a passkey has none yet. */}
        {user.hasPassword === false ? (
          <div className="grid gap-3">
            <p className="text-sm">{AUTH_MESSAGES.setPasswordFirst}</p>
            <SetPasswordButton email={user.email} />
          </div>
        ) : (
          <TwoStepSection />
        )}
      </SecuritySection>
      <SecuritySection
        id="devices"
        title="Your devices"
        description="Where your account is signed in. Sign out any device you don't recognise."
      >
        <DevicesSection />
      </SecuritySection>
    </div>
  );
}
