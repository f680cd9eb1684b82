import type { QueueItem } from '@pbshare/shared';
import { ImageOff } from 'lucide-react';

type ReportedPb = NonNullable<QueueItem['pb']>;

/** The reported PB's picture, or its video to play, at the size the queue shows them. */
export function ReportMedia({ pb }: { pb: ReportedPb }) {
  const frame = 'aspect-[4/5] w-full overflow-hidden rounded-xl bg-ink';
  if (pb.mediaType === 'video' && pb.videoUrl) {
    return (
      <video
        controls
        playsInline
        preload="metadata"
        src={pb.videoUrl}
        poster={pb.pictureUrl ?? undefined}
        aria-label={`Video of ${pb.title}`}
        className={`${frame} object-contain`}
      />
    );
  }
  if (pb.pictureUrl) {
    return <img src={pb.pictureUrl} alt={pb.title} className={`${frame} object-cover`} />;
  }
  return (
    <div className={`${frame} flex flex-col items-center justify-center gap-2 text-white/70`}>
      <ImageOff className="size-6" aria-hidden="true" />
      <span className="text-xs">No picture</span>
    </div>
  );
}
