import { isPlayableVideo, MEDIA_MESSAGES, storyImageSrcSet, type PbMedia } from '@pbshare/shared';
import { ImageOff, LoaderCircle, VideoOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';

import { cn } from '@/lib/cn';
import { playWithRetries } from '@/lib/play-with-retries';
import { VideoMarks } from './video-marks';

/** Where collapsed videos rest, so the card shows a real frame rather than black. */
const RESTING_FRAME_SECONDS = 0.1;

export interface PbMediaViewProps {
  media: PbMedia | null | undefined;
  /** The exercise, for the image's alternative text. */
  title: string;
  /** Expanded cards play their video and show the large rendition. */
  expanded?: boolean;
  /** The `sizes` of the image's srcset: how wide it is drawn. */
  sizes?: string;
  /** Where a video that could not be processed is replaced (the PB's edit form). */
  replaceHref?: string;
  className?: string;
}

/**
 * A PB's photo or video (docs/PRODUCT.md §2). Images come as a srcset of the 480 px card rendition
 * and the full one, lazily, with their size reserved. Videos autoplay muted once expanded and
 * go back to their resting frame when collapsed, where a play mark and their length tell them
 * from photos. A broken image is hidden; a broken video says so.
 */
export function PbMediaView({
  media,
  title,
  expanded = false,
  sizes,
  replaceHref,
  className,
}: PbMediaViewProps) {
  if (!media) {
    return (
      <MediaPlaceholder className={className}>
        <ImageOff className="size-6" aria-hidden="true" />
        No media
      </MediaPlaceholder>
    );
  }
  if (media.type === 'video' && !isPlayableVideo(media)) {
    return (
      <PendingVideo
        media={media}
        title={title}
        expanded={expanded}
        replaceHref={replaceHref}
        className={className}
      />
    );
  }
  return media.type === 'video' ? (
    <PbVideo media={media} title={title} expanded={expanded} className={className} />
  ) : (
    <PbImage
      media={media}
      title={title}
      sizes={sizes}
      contain={expanded}
      className={cn(expanded && 'bg-ink', className)}
    />
  );
}

/**
 * A video the server is still processing shows its poster with a note that it is; one it could
 * not process says so on the poster, with a link to the form that replaces the media. Near the top,
 * clear of the card's badges below and, on a collapsed card, of its corner buttons above.
 */
function PendingVideo({
  media,
  title,
  expanded,
  replaceHref,
  className,
}: {
  media: PbMedia;
  title: string;
  expanded: boolean;
  replaceHref: string | undefined;
  className?: string;
}) {
  const failed = media.status === 'failed';
  return (
    <div className={cn('relative', className)}>
      <PbImage
        media={media}
        title={title}
        sizes={undefined}
        contain={false}
        className="size-full"
      />
      {expanded ? null : <VideoMarks durationSeconds={media.durationSeconds} playable={false} />}
      <div
        className={cn(
          // Above the collapsed card's open-on-click layer (z-1), so the link takes its own clicks;
          // the rest of it lets clicks through to open the card.
          'pointer-events-none absolute inset-x-2 z-[2] flex flex-col gap-1.5 rounded-lg px-2 py-1.5 text-xs font-medium text-white',
          expanded ? 'top-2' : 'top-12',
          // Opaque: at 90% over a light poster, the white text fell below 4.5:1.
          failed ? 'bg-destructive' : 'bg-black/65',
        )}
      >
        <p role="status" className="flex items-start gap-1.5">
          {failed ? (
            <VideoOff className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          ) : (
            <LoaderCircle className="mt-px size-3.5 shrink-0 animate-spin" aria-hidden="true" />
          )}
          {failed ? MEDIA_MESSAGES.videoFailed : MEDIA_MESSAGES.videoProcessing}
        </p>
        {failed && replaceHref ? (
          <Link
            to={replaceHref}
            onClick={(event) => {
              // The card opens on a click; this one leaves for the form instead.
              event.stopPropagation();
            }}
            className="pointer-events-auto self-start rounded-md bg-white px-2 py-1 font-semibold text-destructive underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
          >
            Replace video
          </Link>
        ) : null}
      </div>
    </div>
  );
}

function MediaPlaceholder({
  className,
  children,
}: {
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-2 bg-muted text-sm font-medium text-muted-foreground',
        className,
      )}
    >
      {children}
    </div>
  );
}

function PbImage({
  media,
  title,
  sizes,
  contain,
  className,
}: {
  media: PbMedia;
  title: string;
  sizes: string | undefined;
  /** Show all of it (expanded) rather than fill the box (cards). */
  contain: boolean;
  className?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = media.cardUrl ?? media.fullUrl;
  const srcSet = storyImageSrcSet(media);

  return (
    <div className={cn('bg-muted', className)}>
      {failedSrc === src ? null : (
        <img
          src={src}
          srcSet={srcSet}
          sizes={srcSet ? (sizes ?? '(min-width: 640px) 240px, 50vw') : undefined}
          alt={`${title} personal best`}
          width={media.width ?? undefined}
          height={media.height ?? undefined}
          loading="lazy"
          decoding="async"
          className={cn('size-full', contain ? 'object-contain' : 'object-cover')}
          onError={() => {
            setFailedSrc(src);
          }}
        />
      )}
    </div>
  );
}

function PbVideo({
  media,
  title,
  expanded,
  className,
}: {
  media: PbMedia;
  title: string;
  expanded: boolean;
  className?: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const video = ref.current;
    if (!video || failed) return;
    if (!expanded) {
      video.pause();
      if (video.readyState > 0) video.currentTime = RESTING_FRAME_SECONDS;
      return;
    }
    video.muted = true;
    // A refusal needs nothing here: the next retry (or the controls) takes over.
    return playWithRetries(video);
  }, [expanded, failed]);

  if (failed) {
    return (
      <MediaPlaceholder className={className}>
        <VideoOff className="size-6" aria-hidden="true" />
        Video unavailable
      </MediaPlaceholder>
    );
  }
  return (
    <div className={cn('relative bg-ink', className)}>
      <video
        ref={ref}
        // The resting frame, for browsers that show nothing before playing (no poster).
        src={media.posterUrl ? media.fullUrl : `${media.fullUrl}#t=${RESTING_FRAME_SECONDS}`}
        poster={media.posterUrl ?? undefined}
        aria-label={`${title} personal best video`}
        width={media.width ?? undefined}
        height={media.height ?? undefined}
        muted
        loop
        playsInline
        preload="metadata"
        controls={expanded}
        className={cn('size-full', expanded ? 'object-contain' : 'object-cover')}
        onError={() => {
          setFailed(true);
        }}
      />
      {/* Open, the player's own controls show that it plays and for how long. */}
      {expanded ? null : <VideoMarks durationSeconds={media.durationSeconds} playable />}
    </div>
  );
}
