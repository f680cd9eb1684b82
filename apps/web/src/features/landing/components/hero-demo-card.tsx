import { TIMINGS } from '@pbshare/shared';
import { Calendar, Trophy } from 'lucide-react';
import { useEffect, useState } from 'react';

import { IconBadge } from '@/components/ui/icon-badge';
import { cn } from '@/lib/cn';
import { SAMPLE_PBS, type SamplePb } from '../sample-pbs';
import { SampleArtwork } from './sample-artwork';

/**
 * A phone-story style card that moves to the next sample PB every 4 s. Hovering it or focusing one
 * of its controls pauses the rotation, so nobody has to read against the clock. Reduced-motion
 * users get the same rotation without the cross-fade and the filling progress bars.
 */
export function HeroDemoCard() {
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;

  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => {
      setActive((index) => (index + 1) % SAMPLE_PBS.length);
    }, TIMINGS.heroCarouselMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [active, paused]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Sample personal bests"
      className="relative mx-auto w-full max-w-[21rem] lg:max-w-[22.5rem]"
      onPointerEnter={() => {
        setHovered(true);
      }}
      onPointerLeave={() => {
        setHovered(false);
      }}
      onFocus={() => {
        setFocused(true);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div className="relative rounded-[2rem] bg-ink p-2.5 shadow-float ring-1 ring-black/5">
        <div className="absolute inset-x-5 top-5 z-10 flex gap-1.5">
          {SAMPLE_PBS.map((pb, index) => (
            <button
              key={pb.id}
              type="button"
              aria-label={`Show sample ${index + 1} of ${SAMPLE_PBS.length}: ${pb.title}`}
              aria-current={index === active ? 'true' : undefined}
              className="group -my-2 flex-1 rounded-full py-2 focus-visible:outline-white"
              onClick={() => {
                setActive(index);
              }}
            >
              <span className="block h-1 overflow-hidden rounded-full bg-white/30">
                <span
                  key={index === active ? `run-${active}-${String(paused)}` : 'idle'}
                  className={cn(
                    'block h-full origin-left rounded-full bg-white',
                    index < active && 'scale-x-100',
                    index > active && 'scale-x-0',
                    index === active &&
                      (paused ? 'scale-x-100' : 'scale-x-100 motion-safe:animate-story-progress'),
                  )}
                />
              </span>
            </button>
          ))}
        </div>

        <div className="grid grid-cols-1">
          {SAMPLE_PBS.map((pb, index) => (
            <DemoSlide key={pb.id} pb={pb} visible={index === active} position={index + 1} />
          ))}
        </div>
      </div>

      <div
        aria-hidden="true"
        className="absolute top-[38%] -left-20 hidden items-center gap-2 rounded-2xl bg-background/95 px-3.5 py-2.5 text-sm font-semibold shadow-float ring-1 ring-border lg:flex motion-safe:animate-float"
      >
        <IconBadge icon={Trophy} className="size-7 rounded-full [&_svg]:size-4" />
        New personal best!
      </div>
    </section>
  );
}

function DemoSlide({
  pb,
  visible,
  position,
}: {
  pb: SamplePb;
  visible: boolean;
  position: number;
}) {
  return (
    <article
      aria-roledescription="slide"
      aria-label={`${position} of ${SAMPLE_PBS.length}`}
      aria-hidden={!visible}
      inert={!visible}
      className={cn(
        'col-start-1 row-start-1 overflow-hidden rounded-[1.5rem] bg-ink-soft text-white transition-opacity duration-700 ease-out motion-reduce:transition-none',
        visible ? 'opacity-100' : 'opacity-0',
      )}
    >
      <div className="relative aspect-[4/4.2] overflow-hidden">
        <SampleArtwork name={pb.artwork} />
        <div className="absolute inset-x-0 top-0 h-28 bg-gradient-to-b from-black/55 to-transparent" />
        <div className="absolute top-9 left-4 flex items-center gap-2.5">
          <span className="inline-flex size-9 items-center justify-center rounded-full bg-white text-xs font-bold text-ink ring-2 ring-white/40">
            {pb.athlete.initials}
          </span>
          <span className="leading-tight">
            <span className="block text-sm font-semibold">{pb.athlete.name}</span>
            <span className="block text-xs text-white/75">@{pb.athlete.handle}</span>
          </span>
        </div>
        <span className="absolute bottom-3 left-4 rounded-full bg-black/45 px-2.5 py-1 text-[11px] font-semibold tracking-wide text-white uppercase backdrop-blur-sm">
          {pb.category}
        </span>
      </div>
      <div className="space-y-3 p-4 pt-3.5">
        <div className="flex items-end justify-between gap-3">
          <div className="min-w-0">
            {/* A sample card's caption, not a section of the page: no heading level to skip. */}
            <p data-sample-title="" className="truncate text-sm font-medium text-white/70">
              {pb.title}
            </p>
            <p className="text-3xl leading-none font-extrabold tracking-tight">{pb.value}</p>
          </div>
          <div className="flex shrink-0 flex-wrap justify-end gap-1.5">
            {pb.badges.map((badge) => (
              <span
                key={badge}
                className="rounded-full bg-white/12 px-2.5 py-1 text-xs font-semibold text-white"
              >
                {badge}
              </span>
            ))}
          </div>
        </div>
        <p className="line-clamp-2 text-sm leading-snug text-white/80">{pb.story}</p>
        <p className="flex items-center gap-1.5 text-xs text-white/60">
          <Calendar className="size-3.5" aria-hidden="true" />
          {pb.date}
        </p>
      </div>
    </article>
  );
}
