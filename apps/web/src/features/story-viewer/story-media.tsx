import {
  isPlayableVideo,
  MEDIA_MESSAGES,
  STORY_MEDIA_SIZES,
  storyBackdropUrl,
  storyImageSrcSet,
  type PbMedia,
} from '@pbshare/shared';
import { ImageOff } from 'lucide-react';
import {
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type CSSProperties,
  type RefObject,
} from 'react';

import { useHydrated } from '@/hooks/page-conditions';
import { cn } from '@/lib/cn';
import { playWithRetries } from '@/lib/play-with-retries';
import { isDomError } from '@/lib/dom-error';

/**
 * The box of media with this width/height ratio fitted inside the frame (the wrapper is a size
 * container), so the element is exactly as big as the picture and its edges can fade out.
 */
function fittedBox(ratio: number | null): CSSProperties | undefined {
  if (!ratio || !Number.isFinite(ratio)) return undefined;
  return {
    width: `min(100cqw, ${100 * ratio}cqh)`,
    height: `min(100cqh, ${100 / ratio}cqw)`,
  };
}

/** Top and bottom edges of fitted media melt into the blurred backdrop rather than cut. */
const SOFT_EDGES =
  '[mask-image:linear-gradient(to_bottom,transparent,black_9%,black_91%,transparent)]';

/** The width/height ratio of a loaded picture or of a video whose metadata arrived. */
function naturalRatio(element: HTMLImageElement | HTMLVideoElement): number | null {
  const [width, height] =
    element instanceof HTMLVideoElement
      ? [element.videoWidth, element.videoHeight]
      : [element.naturalWidth, element.naturalHeight];
  return width && height ? width / height : null;
}

export function hasMedia(media: PbMedia | null | undefined): media is PbMedia {
  return Boolean(media?.fullUrl);
}

export interface StoryMediaProps {
  media: PbMedia | null | undefined;
  /** What the media shows, for its alternative text ('Deadlift, 405 lbs'). */
  label: string;
  muted: boolean;
  onAutoplayBlocked: () => void;
  /** The media failed to load earlier: show the placeholder. */
  failed: boolean;
  onFail: () => void;
  /** The story is playing: a video plays; otherwise it holds its frame. */
  playing: boolean;
  /** The photo is on screen: its time may start. */
  onReady: () => void;
  /** A video played to its end. */
  onEnded: () => void;
  /** The video element, for the story's clock to read its progress. */
  videoRef: RefObject<HTMLVideoElement | null>;
}

/** The slide's photo or video, filling the frame, with a soft blurred copy behind it. */
export function StoryMedia({
  media,
  label,
  muted,
  onAutoplayBlocked,
  failed,
  onFail,
  playing,
  onReady,
  onEnded,
  videoRef,
}: StoryMediaProps) {
  const [ratio, setRatio] = useState<number | null>(() =>
    media?.width && media.height ? media.width / media.height : null,
  );

  if (!hasMedia(media)) {
    return (
      <div className="flex size-full flex-col items-center justify-center gap-3 bg-gradient-to-br from-ink-soft to-ink text-white/60">
        <ImageOff className="size-10" aria-hidden="true" />
        <p className="text-sm font-medium">No media</p>
      </div>
    );
  }

  if (failed) return <MediaPlaceholder />;

  const backdrop = storyBackdropUrl(media);

  const box = fittedBox(ratio);
  const measure = (element: HTMLImageElement | HTMLVideoElement) => {
    const known = naturalRatio(element);
    if (known) setRatio(known);
  };
  // The picture and the video sit in the frame alike.
  const framed = {
    className: cn('relative object-contain select-none', box ? SOFT_EDGES : 'size-full'),
    style: box,
  };

  return (
    <div className="relative size-full overflow-hidden bg-black">
      {backdrop ? (
        <img
          src={backdrop}
          alt=""
          aria-hidden="true"
          className="absolute inset-0 size-full scale-150 object-cover blur-3xl brightness-[0.6] saturate-150"
        />
      ) : null}
      <div className="absolute inset-0 flex items-center justify-center [container-type:size]">
        {isPlayableVideo(media) ? (
          <StoryVideo
            key={media.fullUrl}
            media={media}
            label={label}
            muted={muted}
            playing={playing}
            videoRef={videoRef}
            onAutoplayBlocked={onAutoplayBlocked}
            onMetadata={measure}
            onEnded={onEnded}
            onFail={onFail}
            {...framed}
          />
        ) : (
          <StoryPhoto
            key={media.fullUrl}
            media={media}
            label={label}
            onLoad={(image) => {
              measure(image);
              onReady();
            }}
            onFail={onFail}
            {...framed}
          />
        )}
      </div>
      {media.type === 'video' && !isPlayableVideo(media) ? (
        // Only the owner's preview meets this: visitors are never shown an unready video.
        <p
          role="status"
          className="absolute inset-x-4 top-20 rounded-xl bg-black/65 px-3 py-2 text-center text-sm font-medium text-white"
        >
          {media.status === 'failed' ? MEDIA_MESSAGES.videoFailed : MEDIA_MESSAGES.videoProcessing}
        </p>
      ) : null}
    </div>
  );
}

interface StoryPhotoProps {
  media: PbMedia;
  label: string;
  onLoad: (image: HTMLImageElement) => void;
  onFail: () => void;
  className: string;
  style: CSSProperties | undefined;
}

/**
 * The slide's photo. On a page the server rendered, the browser may finish loading it (or fail
 * to) before React has attached its handlers; the first effect looks at the element, so the
 * slide's clock still starts and a broken picture still shows the placeholder. Reporting twice
 * (a cached picture that also fires `load`) does no harm.
 */
function StoryPhoto({ media, label, onLoad, onFail, className, style }: StoryPhotoProps) {
  const imageRef = useRef<HTMLImageElement>(null);
  const settledEarly = useEffectEvent((image: HTMLImageElement) => {
    if (image.naturalWidth > 0) onLoad(image);
    else onFail();
  });
  useEffect(() => {
    const image = imageRef.current;
    if (image?.complete) settledEarly(image);
  }, []);

  return (
    <img
      ref={imageRef}
      src={media.fullUrl}
      srcSet={storyImageSrcSet(media)}
      sizes={STORY_MEDIA_SIZES}
      alt={label}
      draggable={false}
      onLoad={(event) => {
        onLoad(event.currentTarget);
      }}
      onError={onFail}
      className={className}
      style={style}
    />
  );
}

/** Shown in place of media that failed to load (docs/PRODUCT.md §8). */
function MediaPlaceholder() {
  return (
    <div
      data-testid="story-media-placeholder"
      className="flex size-full flex-col items-center justify-center gap-3 bg-[radial-gradient(circle_at_30%_20%,var(--color-ink-soft),var(--color-ink))] text-white/60"
    >
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-white/8 ring-1 ring-white/10">
        <ImageOff className="size-8" aria-hidden="true" />
      </span>
      <p className="text-sm font-medium">Media unavailable</p>
    </div>
  );
}

interface StoryVideoProps {
  media: PbMedia;
  label: string;
  muted: boolean;
  playing: boolean;
  videoRef: RefObject<HTMLVideoElement | null>;
  onAutoplayBlocked: () => void;
  onMetadata: (video: HTMLVideoElement) => void;
  onEnded: () => void;
  onFail: () => void;
  className: string;
  style: CSSProperties | undefined;
}

/**
 * A video that plays once while the story plays (its end moves the story on) and holds its
 * frame while the story is paused. A first play() can fail while the file is still loading, so
 * it is tried again at the spec's 100, 300, 500 and 800 ms; a refusal to play with sound makes
 * the whole viewer fall back to muted.
 */
function StoryVideo({
  media,
  label,
  muted,
  playing,
  videoRef: ref,
  onAutoplayBlocked,
  onMetadata,
  onEnded,
  onFail,
  className,
  style,
}: StoryVideoProps) {
  // As with photos: what a server-rendered video did before hydration is read off the element.
  const settledEarly = useEffectEvent((video: HTMLVideoElement) => {
    if (video.error) onFail();
    else if (video.readyState >= HTMLMediaElement.HAVE_METADATA) onMetadata(video);
  });
  useEffect(() => {
    if (ref.current) settledEarly(ref.current);
  }, [ref]);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.muted = muted;
    if (!playing) {
      video.pause();
      return;
    }
    return playWithRetries(video, {
      onRefused: (error) => {
        if (isDomError(error, 'NotAllowedError') && !video.muted) {
          onAutoplayBlocked();
        }
        // Anything else (still loading, interrupted): the next retry tries again.
      },
    });
  }, [ref, muted, playing, onAutoplayBlocked]);

  // Server-rendered, the video waits for the page's script (only its poster loads): the script
  // is what makes the page answer taps. Once hydrated it loads in full.
  const hydrated = useHydrated();

  // Leaving the slide: stop the sound at once rather than when the element is collected.
  useEffect(() => {
    const video = ref.current;
    return () => {
      video?.pause();
    };
  }, [ref]);

  return (
    <video
      ref={ref}
      src={media.fullUrl}
      poster={media.posterUrl ?? undefined}
      aria-label={label}
      playsInline
      muted
      preload={hydrated ? 'auto' : 'none'}
      onLoadedMetadata={(event) => {
        onMetadata(event.currentTarget);
      }}
      onEnded={onEnded}
      onError={onFail}
      className={className}
      style={style}
    />
  );
}

/**
 * Fetches the next slide's media ahead of time (only the next one), so the next tap shows it at
 * once. The elements are never shown; the browser keeps what they load in its cache for the real
 * slide. Not in server-rendered markup: nothing may compete with the page's script.
 */
export function StoryMediaPreload({ media }: { media: PbMedia | null | undefined }) {
  const hydrated = useHydrated();
  if (!hydrated || !hasMedia(media)) return null;
  return (
    <div hidden aria-hidden="true">
      {isPlayableVideo(media) ? (
        <>
          <video src={media.fullUrl} preload="auto" muted playsInline />
          {media.posterUrl ? <img src={media.posterUrl} alt="" /> : null}
        </>
      ) : (
        <img
          src={media.fullUrl}
          srcSet={storyImageSrcSet(media)}
          sizes={STORY_MEDIA_SIZES}
          alt=""
        />
      )}
    </div>
  );
}
