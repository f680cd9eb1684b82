import { ArrowRight, RotateCcw } from 'lucide-react';
import type { RefObject } from 'react';

import { LogoMark } from '@/components/layout/logo';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';

export interface EndScreenProps {
  name: string;
  avatarUrl: string | null;
  bio: string;
  pbCount: number;
  /** Opens the viewer again from the first PB; absent when there is nothing to watch. */
  onReplay?: () => void;
  headingRef?: RefObject<HTMLHeadingElement | null>;
}

/** What a visitor sees after closing the viewer (or at once, when nothing is shared). */
export function EndScreen({ name, avatarUrl, bio, pbCount, onReplay, headingRef }: EndScreenProps) {
  return (
    <section
      aria-labelledby="end-screen-title"
      className="relative isolate flex min-h-dvh flex-1 flex-col items-center justify-center overflow-hidden bg-ink px-6 py-16 text-center text-white"
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

      <div className="flex w-full max-w-sm flex-col items-center motion-safe:animate-slide-in">
        <Avatar src={avatarUrl} name={name} size="lg" className="ring-4 ring-white/15" />
        <p className="mt-4 text-lg font-semibold">{name}</p>
        <p className="mt-1 text-sm text-white/60">
          {pbCount === 1 ? '1 personal best' : `${pbCount} personal bests`}
        </p>
        {bio.trim() ? (
          <p className="mt-4 text-sm leading-relaxed text-white/75 text-pretty">{bio.trim()}</p>
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
          <Button asChild size="lg" className="w-full shadow-glow">
            <a href="/">
              Start sharing yours
              <ArrowRight aria-hidden="true" />
            </a>
          </Button>
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
