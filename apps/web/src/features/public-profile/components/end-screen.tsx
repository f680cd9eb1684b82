import type { PublicPb } from '@pbshare/shared';
import { Flag, ImageOff, RotateCcw } from 'lucide-react';
import type { RefObject } from 'react';

import { LogoMark } from '@/components/layout/logo';
import { Button } from '@/components/ui/button';
import { thumbnailUrl } from '../thumbnail-url';
import { CallToAction } from './call-to-action';
import { ProfileIntro } from './profile-intro';

export type EndScreenPb = Pick<PublicPb, 'id' | 'title' | 'displayValue' | 'media'>;

export interface EndScreenProps {
  name: string;
  avatarUrl: string | null;
  bio: string;
  /** The person's visible PBs, in the story's order. */
  pbs: readonly EndScreenPb[];
  /** Opens the viewer at the PB at this position of `pbs`. */
  onOpenAt?: (index: number) => void;
  /** Opens the viewer again from the first PB; absent when there is nothing to watch. */
  onReplay?: () => void;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  /** The person looking is the owner: the way on is back to editing. */
  owner?: boolean;
  /** Reports the whole profile; absent for the owner, and until the page knows who looks. */
  onReport?: (() => void) | undefined;
}

/**
 * What a visitor sees after closing the viewer (or at once, when nothing is shared): whose PBs
 * they were, each of them to open again, and a way on, which for the owner is back to editing.
 */
export function EndScreen({
  name,
  avatarUrl,
  bio,
  pbs,
  onOpenAt,
  onReplay,
  headingRef,
  owner = false,
  onReport,
}: EndScreenProps) {
  return (
    <section
      aria-labelledby="end-screen-title"
      className="relative isolate flex min-h-dvh flex-1 flex-col items-center justify-center overflow-hidden bg-ink px-6 py-20 text-center text-white"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60%_45%_at_50%_20%,rgb(255_106_43/0.35),transparent_70%),radial-gradient(50%_40%_at_80%_100%,rgb(217_54_11/0.25),transparent_70%)]"
      />
      {/* Plain links: the page runs without the app's router (entries/public.tsx). */}
      <a
        href="/"
        className="absolute top-5 left-5 inline-flex items-center gap-2 rounded-lg text-sm font-bold tracking-tight text-white/90 hover:text-white focus-visible:outline-white"
      >
        <LogoMark className="size-7" />
        PBShare
      </a>
      {/* In the corner facing the logo, out of the way of the page's own ways on, and placed
          absolutely, so its arrival once the viewer is known moves nothing. */}
      {onReport ? (
        <button
          type="button"
          onClick={onReport}
          aria-label="Report this profile"
          className="absolute top-5 right-3 inline-flex h-7 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-white/70 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
        >
          <Flag className="size-4" aria-hidden="true" />
          Report
        </button>
      ) : null}

      <div className="flex w-full max-w-sm flex-col items-center motion-safe:animate-slide-in">
        <ProfileIntro name={name} avatarUrl={avatarUrl} bio={bio} pbCount={pbs.length} />

        {onOpenAt && pbs.length > 0 ? (
          <ul
            aria-label={`${name}'s personal bests`}
            className="mt-8 grid w-full grid-cols-3 gap-3"
          >
            {pbs.map((pb, position) => (
              <li key={pb.id}>
                <PbTile
                  pb={pb}
                  onOpen={() => {
                    onOpenAt(position);
                  }}
                />
              </li>
            ))}
          </ul>
        ) : null}

        <h1
          id="end-screen-title"
          ref={headingRef}
          tabIndex={-1}
          className="mt-10 text-3xl leading-tight font-extrabold tracking-tight text-balance outline-none sm:text-4xl"
        >
          Behind every PB is a story worth telling.
        </h1>

        <div className="mt-8 flex w-full flex-col gap-3">
          <CallToAction owner={owner} />
          {onReplay ? (
            <Button
              size="lg"
              variant="ghost"
              onClick={onReplay}
              className="w-full text-white hover:bg-white/10 focus-visible:outline-white"
            >
              <RotateCcw aria-hidden="true" />
              Watch again
            </Button>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** One PB of the end screen: its picture, title and value; a tap plays the story from it. */
function PbTile({ pb, onOpen }: { pb: EndScreenPb; onOpen: () => void }) {
  const thumbnail = thumbnailUrl(pb.media);
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={`Watch ${pb.title}, ${pb.displayValue}`}
      className="group flex w-full flex-col items-stretch gap-1.5 rounded-xl text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
    >
      <span className="relative block aspect-[3/4] overflow-hidden rounded-xl bg-white/10 ring-1 ring-white/15">
        {thumbnail ? (
          <img
            src={thumbnail}
            alt=""
            loading="lazy"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
          />
        ) : (
          <span className="flex size-full items-center justify-center text-white/50">
            <ImageOff className="size-6" aria-hidden="true" />
          </span>
        )}
      </span>
      <span className="truncate text-xs font-medium text-white/75">{pb.title}</span>{' '}
      {/* The space keeps the visible words apart, as they are in the button's name (WCAG 2.5.3). */}
      <span className="-mt-1 truncate text-sm font-bold tabular-nums">{pb.displayValue}</span>
    </button>
  );
}
