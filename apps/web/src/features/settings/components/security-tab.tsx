import { DevicesSection } from './devices-section';
import { PasskeysSection } from './passkeys-section';
import { TwoStepSection } from './two-step-section';

/** Settings → Security: how the account is signed in to, and where it is. */
export function SecurityTab() {
  return (
    <div className="grid gap-10">
      <section aria-labelledby="passkeys-title" className="grid gap-3">
        <div>
          <h3 id="passkeys-title" className="font-semibold">
            Passkeys
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">
            Sign in with your fingerprint, face or screen lock instead of your password.
          </p>
        </div>
        <PasskeysSection />
      </section>
      <section aria-labelledby="two-step-title" className="grid gap-3">
        <div>
          <h3 id="two-step-title" className="font-semibold">
            Authenticator app
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">
            After your password, sign-in also asks for a code from an app on your phone.
          </p>
        </div>
        <TwoStepSection />
      </section>
      <section aria-labelledby="devices-title" className="grid gap-3">
        <div>
          <h3 id="devices-title" className="font-semibold">
            Your devices
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">
            Where your account is signed in. Sign out any device you don&apos;t recognise.
          </p>
        </div>
        <DevicesSection />
      </section>
    </div>
  );
}
