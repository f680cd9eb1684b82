import {
  isVideoTooLong,
  isPlayableVideo,
  MEDIA_MESSAGES,
  type MediaType,
  type PbMedia,
} from '@pbshare/shared';
import { CircleCheck, ImagePlus, Info, LoaderCircle, RefreshCw, Trash2 } from 'lucide-react';
import { useId, useImperativeHandle, useRef, useState, type ChangeEvent, type Ref } from 'react';

import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { toast } from '@/components/ui/toaster';
import { cn } from '@/lib/cn';
import { checkMediaFile, inspectVideo, mediaTypeOf, VIDEO_TOO_LONG } from '../media-files';

/** The media row's three states (docs/PRODUCT.md §2). */
export type MediaValue =
  | { kind: 'none' }
  | {
      kind: 'selected';
      file: File;
      type: MediaType;
      /** An object URL of the file, for the preview; its owner revokes it once replaced. */
      previewUrl: string;
    }
  | { kind: 'uploaded'; media: PbMedia };

/** What the form may do with the field: focus it when it is what stops a save. */
export interface MediaFieldHandle {
  focus: () => void;
  /** Takes a file that came another way (shared to the app) through the same checks as a pick. */
  take: (file: File) => void;
}

export interface MediaFieldProps {
  ref?: Ref<MediaFieldHandle>;
  value: MediaValue;
  onChange: (value: MediaValue) => void;
  /** True while a picked video is being read (its length). */
  onBusyChange?: (busy: boolean) => void;
  /**
   * A picked file refused before any upload (type, size, a video's length): the form shows it as
   * `error` until another file is picked or the media removed (and a toast says it too).
   */
  onProblem?: (message: string) => void;
  error?: string;
  /** A word about the empty field, shown until a file is picked (a kept draft's lost file). */
  note?: string;
  disabled?: boolean;
}

/**
 * The required photo or video of a PB: an upload prompt, a local preview of a picked file, or the
 * remote preview of the one already uploaded. A picked file is checked first: its type, its size
 * and, for a video, its length (read in the browser before any upload).
 */
export function MediaField({
  ref,
  value,
  onChange,
  onBusyChange,
  onProblem,
  error,
  note,
  disabled,
}: MediaFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const promptRef = useRef<HTMLButtonElement>(null);
  const replaceRef = useRef<HTMLButtonElement>(null);
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();
  const noteId = useId();
  const [busy, setBusy] = useState(false);
  const pickToken = useRef(0);

  function setReading(next: boolean) {
    setBusy(next);
    onBusyChange?.(next);
  }

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) await accept(file);
  }

  /** Checks a picked file (type, size, a video's length) and chooses it, or says what is wrong. */
  async function accept(file: File) {
    const problem = checkMediaFile(file);
    if (problem) {
      toast.error(problem.title, { description: problem.message });
      onProblem?.(problem.message);
      return;
    }
    const type = mediaTypeOf(file) ?? 'image';
    if (type === 'image') {
      onChange({
        kind: 'selected',
        file,
        type,
        previewUrl: URL.createObjectURL(file),
      });
      return;
    }
    const token = ++pickToken.current;
    setReading(true);
    try {
      const facts = await inspectVideo(file);
      if (token !== pickToken.current) return;
      if (facts.duration !== undefined && isVideoTooLong(facts.duration)) {
        toast.error(VIDEO_TOO_LONG.title, { description: VIDEO_TOO_LONG.message });
        onProblem?.(VIDEO_TOO_LONG.message);
        return;
      }
      onChange({
        kind: 'selected',
        file,
        type,
        previewUrl: URL.createObjectURL(file),
      });
    } finally {
      if (token === pickToken.current) setReading(false);
    }
  }

  // Made anew on each render, so `take` always checks with the latest props.
  useImperativeHandle(ref, () => ({
    // Focusing scrolls it into view too.
    focus: () => {
      (promptRef.current ?? replaceRef.current)?.focus();
    },
    take: (file) => {
      void accept(file);
    },
  }));

  const open = () => {
    inputRef.current?.click();
  };
  const showNote = note !== undefined && value.kind === 'none';
  const describedBy = [error ? errorId : hintId, showNote ? noteId : undefined]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="grid gap-2">
      <p id={labelId} className="text-sm leading-none font-medium">
        Photo or video
      </p>
      <input
        ref={inputRef}
        type="file"
        accept="image/*,video/*"
        aria-label="Photo or video"
        aria-describedby={describedBy}
        className="sr-only"
        tabIndex={-1}
        disabled={disabled}
        onChange={(event) => {
          void onPick(event);
        }}
      />

      {value.kind === 'none' ? (
        <button
          ref={promptRef}
          type="button"
          onClick={open}
          disabled={(disabled ?? false) || busy}
          aria-describedby={describedBy}
          className={cn(
            'flex min-h-44 flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed bg-muted/60 px-6 py-8 text-center transition-colors hover:border-primary/50 hover:bg-primary-soft/40 disabled:opacity-70',
            error ? 'border-destructive/60' : 'border-input',
          )}
        >
          <span className="flex size-12 items-center justify-center rounded-2xl bg-background text-primary shadow-sm">
            {busy ? (
              <LoaderCircle className="size-6 animate-spin" aria-hidden="true" />
            ) : (
              <ImagePlus className="size-6" aria-hidden="true" />
            )}
          </span>
          <span className="text-sm font-semibold">
            {busy ? 'Checking your video...' : 'Upload a photo or video'}
          </span>
          <span className="text-xs text-muted-foreground">
            Show the proof: required for every PB
          </span>
        </button>
      ) : (
        <div
          className="flex items-center gap-4 rounded-2xl border border-border bg-muted/40 p-3"
          data-testid="media-preview"
          data-state={value.kind}
        >
          <MediaPreview value={value} />
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <div className="min-w-0">
              {value.kind === 'uploaded' ? (
                <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-success">
                  <CircleCheck className="size-4" aria-hidden="true" />
                  Already uploaded
                </p>
              ) : (
                <p className="truncate text-sm font-semibold">{value.file.name}</p>
              )}
              <p className="text-xs text-muted-foreground">
                {value.kind === 'uploaded'
                  ? `Your ${value.media.type === 'video' ? 'video' : 'photo'} stays unless you replace it.`
                  : `${value.type === 'video' ? 'Video' : 'Photo'} · ${formatBytes(value.file.size)}`}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button
                ref={replaceRef}
                variant="outline"
                size="sm"
                onClick={open}
                disabled={(disabled ?? false) || busy}
              >
                {busy ? (
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                ) : (
                  <RefreshCw aria-hidden="true" />
                )}
                Replace
              </Button>
              <Button
                variant="ghost"
                size="sm"
                disabled={disabled}
                onClick={() => {
                  pickToken.current++;
                  setReading(false);
                  onChange({ kind: 'none' });
                }}
                className="text-destructive-hover hover:bg-destructive-soft"
              >
                <Trash2 aria-hidden="true" />
                Remove media
              </Button>
            </div>
          </div>
        </div>
      )}

      {showNote ? (
        <p
          id={noteId}
          data-testid="media-note"
          className="flex items-start gap-2 rounded-xl bg-primary-soft/60 px-3 py-2 text-sm font-medium text-foreground"
        >
          <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          {note}
        </p>
      ) : null}
      {error ? <FieldError id={errorId} message={error} /> : null}
      {/* The formats and limits stay in view beside an error: that is when they are needed. */}
      <p id={hintId} className="text-xs leading-relaxed text-muted-foreground">
        {MEDIA_MESSAGES.mediaHint}
      </p>
    </div>
  );
}

/** The picked file (a local object URL) or the uploaded media (its remote URL). */
function MediaPreview({ value }: { value: Exclude<MediaValue, { kind: 'none' }> }) {
  const box =
    'relative aspect-[4/5] w-28 shrink-0 overflow-hidden rounded-xl bg-ink sm:w-36 [&>*]:size-full';
  if (value.kind === 'uploaded') {
    const { media } = value;
    return (
      <div className={box}>
        {isPlayableVideo(media) ? (
          <video
            src={media.fullUrl}
            poster={media.posterUrl ?? undefined}
            muted
            playsInline
            controls
            preload="metadata"
            aria-label="Your uploaded video"
            className="object-contain"
          />
        ) : (
          <img
            src={media.cardUrl ?? media.fullUrl}
            // A video not processed yet shows its poster.
            alt={media.type === 'video' ? 'Your uploaded video' : 'Your uploaded photo'}
            className="object-cover"
          />
        )}
      </div>
    );
  }
  return (
    <div className={box}>
      {value.type === 'video' ? (
        <video
          src={value.previewUrl}
          muted
          playsInline
          controls
          preload="metadata"
          aria-label="The video you picked"
          className="object-contain"
        />
      ) : (
        <img src={value.previewUrl} alt="The photo you picked" className="object-cover" />
      )}
    </div>
  );
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
