import { FREE_TIER_PB_LIMIT, type User } from '@pbshare/shared';
import { Upload } from 'lucide-react';
import { useRef, useState } from 'react';

import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { usePersonalBests } from '@/features/pbs';
import { useDownloadMyData } from '../api/download-my-data';
import { useImportStatus } from '../api/get-import-status';
import { useImportMyData } from '../api/import-my-data';
import { DownloadButton } from './download-button';

export const DOWNLOAD_FAILED_MESSAGE = 'Your download could not be prepared. Please try again.';
export const IMPORT_FAILED_MESSAGE = 'Your data could not be imported. Please try again.';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * "Download my data" (docs/PRODUCT.md §11): the whole account as a ZIP, and, while the account
 * has no PB, that archive imported back: sent (with its progress), then followed while the
 * server reads its media in the background.
 */
export function YourDataSection({ user }: { user: User }) {
  const download = useDownloadMyData();
  const pbs = usePersonalBests();
  const sending = useImportMyData();
  const [percent, setPercent] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const status = useImportStatus(sending.data?.data.id);
  const isEmpty = pbs.data?.length === 0;

  const ended = status.data?.status === 'done' || status.data?.status === 'failed';
  const isImported = status.data?.status === 'done';
  const inBackground = sending.isSuccess && !ended && !status.isError;
  const isBusy = sending.isPending || inBackground;
  const failure = sending.isError
    ? messageOf(sending.error, IMPORT_FAILED_MESSAGE)
    : status.data?.status === 'failed'
      ? status.data.message || IMPORT_FAILED_MESSAGE
      : status.isError
        ? messageOf(status.error, IMPORT_FAILED_MESSAGE)
        : undefined;
  const busyLabel = sending.isPending && percent < 100 ? `Importing... ${percent}%` : 'Importing…';

  const startImport = (file: File | undefined) => {
    if (!file) return;
    setPercent(0);
    sending.mutate({ file, onProgress: setPercent });
  };

  return (
    <section
      aria-labelledby="your-data-title"
      className="grid gap-3 rounded-2xl border border-border bg-card p-5"
    >
      <h2 id="your-data-title" className="font-semibold">
        Your data
      </h2>
      <p className="text-sm leading-relaxed text-muted-foreground">
        Download a ZIP archive of your profile and every personal best, with their photos and
        videos.
      </p>
      <DownloadButton download={download} label="Download my data" />
      {download.isError && (
        <Alert variant="destructive">
          <AlertTitle>Download failed</AlertTitle>
          <AlertDescription>{messageOf(download.error, DOWNLOAD_FAILED_MESSAGE)}</AlertDescription>
        </Alert>
      )}

      {isImported && (
        <Alert variant="success">
          <AlertTitle>Data imported</AlertTitle>
          <AlertDescription>{status.data?.message}</AlertDescription>
        </Alert>
      )}

      {(isEmpty || isBusy) && !isImported && (
        <div className="mt-2 grid gap-3 border-t border-border pt-4">
          <h3 className="text-sm font-semibold">Import data</h3>
          <p className="text-sm leading-relaxed text-muted-foreground">
            Bring in an archive saved with &apos;Download my data&apos;, while this account has no
            personal bests.
            {user.subscription_tier === 'free' &&
              ` Free accounts import the first ${FREE_TIER_PB_LIMIT} exercises.`}
          </p>
          <input
            ref={input}
            type="file"
            accept=".zip,application/zip"
            className="sr-only"
            tabIndex={-1}
            aria-label="Archive to import"
            onChange={(event) => {
              startImport(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button
            variant="outline"
            className="w-full sm:w-auto sm:justify-self-start"
            disabled={isBusy}
            onClick={() => input.current?.click()}
          >
            <Upload aria-hidden="true" />
            {isBusy ? busyLabel : 'Import data'}
          </Button>
          {isBusy && (
            <ProgressBar
              label="Import progress"
              value={sending.isPending ? percent : 100}
              max={100}
              valueText={sending.isPending && percent < 100 ? `${percent}%` : 'Importing…'}
              className="h-2"
            />
          )}
          {failure !== undefined && !isBusy && (
            <Alert variant="destructive">
              <AlertTitle>Import failed</AlertTitle>
              <AlertDescription>{failure}</AlertDescription>
            </Alert>
          )}
        </div>
      )}
    </section>
  );
}
