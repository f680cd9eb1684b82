import {
  isPlayableVideo,
  setsRepsText,
  storyImageSrcSet,
  type PublicPb,
  type PublicProfile,
} from '@pbshare/shared';
import { Calendar } from 'lucide-react';

import { LogoMark } from '@/components/layout/logo';
import { formatStoryDate } from '@/features/story-viewer';
import { CallToAction } from './call-to-action';
import { ProfileIntro } from './profile-intro';

/** The list is at most this wide; its pictures are asked for at that size. */
const MEDIA_SIZES = '(min-width: 40rem) 36rem, 100vw';

/**
 * /{username} for a browser that runs no script: every visible PB one under the other (media,
 * title, value, sets and reps, date and the whole story), on a page that scrolls, with nothing
 * on it that needs a script to work. The server sends it inside <noscript>, in place of the story
 * it hides there, so it costs the page's script nothing.
 */
export function ProfileWithoutScript({ profile }: { profile: PublicProfile }) {
  const { user, pbs } = profile;
  return (
    <main className="min-h-dvh bg-ink px-5 py-6 text-white" data-testid="profile-without-script">
      <div className="mx-auto flex max-w-xl flex-col">
        <a
          href="/"
          className="inline-flex items-center gap-2 self-start rounded-lg text-sm font-bold tracking-tight text-white/90 hover:text-white"
        >
          <LogoMark className="size-7" />
          PBShare
        </a>
        <div className="mt-8">
          <ProfileIntro
            name={user.displayName}
            avatarUrl={user.profileImage}
            bio={user.bio}
            pbCount={pbs.length}
            nameAs="h1"
          />
        </div>
        {pbs.length > 0 ? (
          <ol aria-label="Personal bests" className="mt-10 flex flex-col gap-12">
            {pbs.map((pb, position) => (
              <li key={pb.id} id={`pb-${pb.id}`}>
                <PbEntry pb={pb} eager={position === 0} />
              </li>
            ))}
          </ol>
        ) : null}
        <p className="mt-14 text-center text-2xl leading-tight font-extrabold tracking-tight text-balance">
          Behind every PB is a story worth telling.
        </p>
        <div className="mx-auto mt-6 mb-8 w-full max-w-sm">
          <CallToAction />
        </div>
      </div>
    </main>
  );
}

function PbEntry({ pb, eager }: { pb: PublicPb; eager: boolean }) {
  const label = `${pb.title}, ${pb.displayValue}`;
  const setsReps = setsRepsText(pb.sets, pb.reps);
  return (
    <article aria-labelledby={`pb-${pb.id}-title`}>
      <PbMedia pb={pb} label={label} eager={eager} />
      <p className="mt-4 inline-flex rounded-full bg-white/15 px-2.5 py-1 text-[11px] font-semibold tracking-wider uppercase ring-1 ring-white/15">
        {pb.category}
      </p>
      <h2 id={`pb-${pb.id}-title`} className="mt-3 text-lg font-semibold text-white/90">
        {pb.title}
      </h2>
      <p className="mt-0.5 text-4xl leading-none font-extrabold tracking-tight tabular-nums">
        {pb.displayValue}
      </p>
      {setsReps ? <p className="mt-3 text-sm font-semibold text-white/80">{setsReps}</p> : null}
      <p className="mt-3 flex items-center gap-1.5 text-xs font-medium text-white/70">
        <Calendar className="size-3.5" aria-hidden="true" />
        <time dateTime={pb.achievedOn}>{formatStoryDate(pb.achievedOn, pb.date)}</time>
      </p>
      {pb.story.trim() ? (
        <p className="mt-3 text-base leading-relaxed whitespace-pre-line text-white/90">
          {pb.story.trim()}
        </p>
      ) : null}
    </article>
  );
}

/** A photo, or a video with the browser's own controls, which need no script of ours. */
function PbMedia({ pb, label, eager }: { pb: PublicPb; label: string; eager: boolean }) {
  const { media } = pb;
  if (!media.fullUrl) return null;
  // As big as the column and the screen allow, in its own shape, so no bars frame it.
  const box = 'mx-auto block h-auto max-h-[80vh] w-auto max-w-full rounded-2xl bg-black';
  if (isPlayableVideo(media)) {
    return (
      <video
        controls
        playsInline
        preload="none"
        poster={media.posterUrl ?? undefined}
        src={media.fullUrl}
        aria-label={label}
        width={media.width ?? undefined}
        height={media.height ?? undefined}
        className={box}
      />
    );
  }
  // A video still being processed links its poster, as a picture.
  const srcSet = media.type === 'image' ? storyImageSrcSet(media) : undefined;
  return (
    <img
      src={media.fullUrl}
      srcSet={srcSet}
      sizes={srcSet ? MEDIA_SIZES : undefined}
      alt={label}
      width={media.width ?? undefined}
      height={media.height ?? undefined}
      loading={eager ? undefined : 'lazy'}
      className={box}
    />
  );
}
