import { Camera, EyeOff, GalleryHorizontal, History, Link2, RefreshCw } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';

import { IconBadge } from '@/components/ui/icon-badge';

interface Feature {
  icon: LucideIcon;
  title: string;
  body: string;
}

/* The first four are the spec's pitches; history and privacy are what the product also does. */
const features: Feature[] = [
  {
    icon: GalleryHorizontal,
    title: 'A swipeable achievement gallery',
    body: 'Your PBs play like stories: tap or swipe through every lift, run and rep, full screen on any phone.',
  },
  {
    icon: Link2,
    title: 'One link for your bio',
    body: 'Put a single address in your Instagram, TikTok or Strava bio and let people see everything you have achieved.',
  },
  {
    icon: Camera,
    title: 'Photos and videos on every PB',
    body: 'Attach the proof: a photo of the plates on the bar, your watch at the finish line, or a 30-second clip.',
  },
  {
    icon: RefreshCw,
    title: 'A profile that updates itself',
    body: 'Log a new best and your public page shows it at once. Nothing to re-share, nothing to redesign.',
  },
  {
    icon: History,
    title: 'The history of every exercise',
    body: 'Each new record keeps the ones before it, so you can see how far your deadlift or 5K has come.',
  },
  {
    icon: EyeOff,
    title: 'You decide what is public',
    body: 'Hide any PB from your public page with one tap and choose the order people see them in.',
  },
];

export function FeatureGrid() {
  return (
    // Below the fold: skipped until scrolled near, so neither the first layout nor the swap to
    // Inter lays it out (the reserved height is its own, to keep the scrollbar steady).
    <section
      aria-labelledby="features-title"
      className="bg-muted/60 py-20 [contain-intrinsic-size:auto_1360px] [content-visibility:auto] sm:py-28 sm:[contain-intrinsic-size:auto_880px]"
    >
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-primary-strong uppercase">
            Why PBShare
          </p>
          <h2
            id="features-title"
            className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl"
          >
            Everything your personal bests deserve
          </h2>
          <p className="mt-4 text-lg text-muted-foreground text-pretty">
            Training logs bury your best moments in spreadsheets. PBShare puts them on a stage.
          </p>
        </div>
        <ul className="mt-14 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:gap-5">
          {features.map(({ icon: Icon, title, body }) => (
            <li
              key={title}
              className="group flex gap-4 rounded-2xl border border-border bg-background p-5 shadow-card transition-[box-shadow,transform] duration-200 hover:-translate-y-0.5 hover:shadow-float sm:flex-col sm:gap-5 sm:p-6 motion-reduce:transition-none motion-reduce:hover:translate-y-0"
            >
              <IconBadge icon={Icon} size="sm" className="size-11 ring-1 ring-primary/10" />
              <div>
                <h3 className="text-base font-semibold tracking-tight">{title}</h3>
                <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground sm:mt-2">
                  {body}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
