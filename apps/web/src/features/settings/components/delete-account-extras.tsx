import { planById, type PlanId, type User } from '@pbshare/shared';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { useBilling } from '@/features/pricing';
import type { useDownloadMyData } from '../api/download-my-data';
import { DOWNLOAD_FAILED_MESSAGE } from './your-data-section';
import { DownloadButton } from './download-button';

/** What deleting does to a Pro account's plan: it was paid once and goes with the account. */
export function proEndsMessage(plan: PlanId | null): string {
  const name = plan ? ` (${planById(plan).name})` : '';
  return `Your Pro plan${name} ends with your account and is not refunded.`;
}

/** In the deletion dialog of a Pro account: the plan ends too. */
export function ProPlanEnds({ user }: { user: User }) {
  const pro = user.subscription_tier === 'unlimited';
  const billing = useBilling({ enabled: pro });
  if (!pro) return null;
  return (
    <Alert variant="destructive" role="note" data-testid="delete-pro-note">
      <AlertDescription>{proEndsMessage(billing.data?.plan ?? null)}</AlertDescription>
    </Alert>
  );
}

/**
 * The deletion dialog's last way to keep anything: the same archive as 'Download my data', one
 * step from the delete button.
 */
export function DownloadFirst({ download }: { download: ReturnType<typeof useDownloadMyData> }) {
  return (
    <div className="grid gap-2">
      <DownloadButton download={download} label="Download my data first" />
      <p className="text-sm text-muted-foreground empty:hidden" aria-live="polite">
        {download.isSuccess ? 'Your data is downloaded.' : ''}
      </p>
      {download.isError ? (
        <p className="text-sm font-medium text-destructive-hover" role="alert">
          {download.error.message || DOWNLOAD_FAILED_MESSAGE}
        </p>
      ) : null}
    </div>
  );
}
