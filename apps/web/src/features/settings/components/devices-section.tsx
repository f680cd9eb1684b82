import { DEVICE_MESSAGES, type SignedInDevice } from '@pbshare/shared';
import { Laptop, Smartphone } from 'lucide-react';
import { useState } from 'react';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { QuestionDialog } from '@/components/ui/question-dialog';
import { RetryButton } from '@/components/ui/retry-button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { errorMessage } from '@/lib/form-errors';
import { formatLastActive, formatLongDate } from '@/lib/format';
import { useDevices, useSignOutDevices } from '../api/devices';

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
const PHONES = /iphone|ipad|android|pixel|galaxy|phone|tablet/i;

function countryName(code: string | null): string | null {
  if (!code) return null;
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Settings → Security → Your devices: every signed-in session, each can be signed out. */
export function DevicesSection() {
  const devices = useDevices();
  const signOut = useSignOutDevices();
  const [askOthers, setAskOthers] = useState(false);

  const run = async (which: { id: string } | 'others') => {
    try {
      await signOut.mutateAsync(which);
      toast.success(
        which === 'others' ? DEVICE_MESSAGES.signedOutOthers : DEVICE_MESSAGES.signedOutOne,
      );
    } catch (error) {
      toast.error(errorMessage(error, 'That device could not be signed out. Please try again.'));
    }
  };

  if (devices.isPending) return <Spinner label="Loading your devices" />;
  if (devices.isError) {
    return (
      <div className="grid justify-items-start gap-3">
        <p className="text-sm text-muted-foreground">Your devices could not be loaded.</p>
        <RetryButton onRetry={() => devices.refetch()} />
      </div>
    );
  }

  const others = devices.data.filter((device) => !device.current);
  return (
    <div className="grid gap-5">
      <ul aria-label="Signed-in devices" className="grid gap-3">
        {devices.data.map((device) => (
          <DeviceRow
            key={device.id}
            device={device}
            busy={signOut.isPending}
            onSignOut={() => void run({ id: device.id })}
          />
        ))}
      </ul>
      {others.length > 0 && (
        <Button
          variant="outline"
          className="w-full sm:w-auto sm:justify-self-start"
          disabled={signOut.isPending}
          onClick={() => {
            setAskOthers(true);
          }}
        >
          Sign out everywhere else
        </Button>
      )}
      <QuestionDialog
        title="Sign out everywhere else?"
        question={
          askOthers
            ? `${others.length === 1 ? 'The other device' : `The ${others.length} other devices`} will need your password to sign in again. This device stays signed in.`
            : null
        }
        confirmLabel="Sign out"
        onAnswer={(confirmed) => {
          setAskOthers(false);
          if (confirmed) void run('others');
        }}
      />
    </div>
  );
}

function DeviceRow({
  device,
  busy,
  onSignOut,
}: {
  device: SignedInDevice;
  busy: boolean;
  onSignOut: () => void;
}) {
  const Icon = PHONES.test(device.device) ? Smartphone : Laptop;
  const name = device.device || 'Unknown device';
  const details = [device.browser, countryName(device.country)].filter(Boolean).join(' · ');
  return (
    <li className="flex items-start gap-3 rounded-2xl border border-border p-4">
      <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          {name}
          {device.current && <Badge variant="brand">This device</Badge>}
        </p>
        {details && <p className="text-sm text-muted-foreground">{details}</p>}
        <p className="text-sm text-muted-foreground">
          {device.current ? 'Active now' : formatLastActive(new Date(device.lastSeenAt))} · Signed
          in {formatLongDate(new Date(device.signedInAt))}
        </p>
      </div>
      {!device.current && (
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          aria-label={`Sign out ${name}${details ? `, ${details}` : ''}`}
          onClick={onSignOut}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}
