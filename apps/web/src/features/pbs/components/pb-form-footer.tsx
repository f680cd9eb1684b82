import { LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';

import { Button, buttonClasses } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { cn } from '@/lib/cn';
import type { UploadProgressState } from '../use-upload-progress';

/** Shown in place of the upload's progress while it waits for the network to come back. */
const CONNECTION_LOST = 'Connection lost, retrying…';

/** Why a save did not start, said beside the button: a greyed-out button explains nothing. */
export function saveBlockedSummary(mediaMissing: boolean, fieldProblems: boolean) {
  if (mediaMissing && fieldProblems)
    return 'Add a photo or video and fix the fields marked above to save this PB.';
  if (mediaMissing) return 'Add a photo or video to save this PB.';
  if (fieldProblems) return 'Fix the fields marked above to save this PB.';
  return undefined;
}

/** The save's upload as the footer shows it, with the preparation's Cancel. */
export interface UploadView extends UploadProgressState {
  /** Stops a video's preparation, and with it the save; the form stays as it is. */
  cancelPreparing?: () => void;
}

export interface PbFormFooterProps {
  mode: 'add' | 'edit';
  /** A save is running (not merely waiting on the lower-record question). */
  saving: boolean;
  upload: UploadView;
  /** What stops a save, from saveBlockedSummary. */
  summary: string | undefined;
  /** A picked video is still being read: the save waits for it. */
  readingMedia: boolean;
  /** Runs as the user cancels, before leaving for the profile. */
  onCancel?: () => void;
}

/** The PB form's last row: the upload's progress, what blocks a save, Cancel and Save. */
export function PbFormFooter({
  mode,
  saving,
  upload,
  summary,
  readingMedia,
  onCancel,
}: PbFormFooterProps) {
  const summaryId = useId();
  const uploading = upload.percent !== null;
  const busyLabel = mode === 'edit' ? 'Updating...' : 'Saving...';
  const submitLabel = saving
    ? uploading
      ? `${busyLabel} ${upload.percent}%`
      : busyLabel
    : mode === 'edit'
      ? 'Update Personal Best'
      : 'Save Personal Best';

  return (
    <div className="grid gap-4">
      {saving && upload.preparing !== null ? (
        <VideoPreparing percent={upload.preparing} onCancel={upload.cancelPreparing} />
      ) : saving && uploading ? (
        <UploadProgressBar
          percent={upload.percent ?? 0}
          processing={upload.processing}
          connectionLost={upload.connectionLost}
        />
      ) : null}
      {/* Always there (empty when nothing blocks a save) so screen readers announce changes. */}
      <p
        id={summaryId}
        data-testid="save-blocked"
        aria-live="polite"
        className="text-sm font-medium text-destructive-hover empty:hidden sm:text-right"
      >
        {summary}
      </p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link
          to="/profile"
          onClick={onCancel}
          className={buttonClasses({ variant: 'ghost', size: 'lg' })}
        >
          Cancel
        </Link>
        <Button
          type="submit"
          size="lg"
          // Never greyed out for a missing field: pressing it says what is missing.
          disabled={saving || readingMedia}
          aria-describedby={summary ? summaryId : undefined}
          className={cn('sm:min-w-56', saving && 'disabled:opacity-85')}
        >
          {saving ? (
            <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          ) : null}
          {submitLabel}
        </Button>
      </div>
    </div>
  );
}

/** The video being made smaller on the device before its upload, with a way to stop it. */
function VideoPreparing({ percent, onCancel }: { percent: number; onCancel?: () => void }) {
  const label = `Preparing video… ${percent}%`;
  return (
    <>
      {/* Said once as it starts: every percentage would crowd out everything else. */}
      <p className="sr-only" aria-live="polite">
        Preparing video…
      </p>
      <div className="grid gap-1.5" data-testid="video-preparing">
        <ProgressBar
          label="Video preparation"
          value={percent}
          max={100}
          valueText={label}
          className="h-2"
        />
        <div className="flex items-center justify-between gap-3">
          <p className="text-xs text-muted-foreground">{label}</p>
          <Button type="button" variant="outline" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </div>
    </>
  );
}

function UploadProgressBar({
  percent,
  processing,
  connectionLost,
}: {
  percent: number;
  processing: boolean;
  connectionLost: boolean;
}) {
  const label = processing ? 'Processing your media...' : `Uploading... ${percent}%`;
  return (
    <div className="grid gap-1.5" data-testid="upload-progress">
      <ProgressBar
        label="Upload progress"
        value={percent}
        max={100}
        valueText={connectionLost ? CONNECTION_LOST : label}
        className="h-2"
      />
      <p className="text-xs text-muted-foreground" role="status" aria-live="polite">
        {connectionLost ? (
          <span data-testid="upload-connection-lost" className="font-medium text-foreground">
            {CONNECTION_LOST}
          </span>
        ) : (
          label
        )}
      </p>
    </div>
  );
}
