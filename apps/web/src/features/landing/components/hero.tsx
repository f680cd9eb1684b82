import { Sparkles } from 'lucide-react';

import { Decoration } from '@/components/ui/decoration';
import { AvatarRow } from './avatar-row';
import { ClaimUsernameForm } from './claim-username-form';
import { HeroDemoCard } from './hero-demo-card';

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      // Pulled up under the sticky top bar so the glow starts at the very top of the window.
      className="relative isolate -mt-16 overflow-hidden pt-16"
    >
      <Decoration className="inset-0 -z-10 bg-[radial-gradient(60rem_32rem_at_85%_-10%,rgb(255_106_43/0.16),transparent_60%),radial-gradient(40rem_28rem_at_-10%_10%,rgb(124_58_237/0.08),transparent_60%)]" />
      <Decoration className="inset-0 -z-10 bg-[linear-gradient(to_right,rgb(11_13_18/0.04)_1px,transparent_1px),linear-gradient(to_bottom,rgb(11_13_18/0.04)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_at_top,black_30%,transparent_75%)] bg-[size:48px_48px]" />
      <div className="mx-auto grid w-full max-w-6xl grid-cols-1 items-center gap-14 px-4 pt-10 pb-20 sm:px-6 sm:pt-16 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-10 lg:pt-20 lg:pb-28">
        <div className="flex flex-col items-start">
          <p className="inline-flex items-center gap-1.5 rounded-full border border-primary/15 bg-primary-soft px-3 py-1 text-xs font-semibold text-primary-strong">
            <Sparkles className="size-3.5" aria-hidden="true" />
            Your personal bests, one link
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-[2.6rem] leading-[1.05] font-extrabold tracking-tight text-balance sm:text-6xl lg:text-[4.1rem]"
          >
            Every PB has a story.{' '}
            <span className="bg-gradient-to-r from-brand-bright to-primary bg-clip-text text-transparent">
              Show it off.
            </span>
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-muted-foreground text-pretty">
            Log your heaviest lifts, fastest runs and biggest rep counts with the photo or video
            that proves them, then share them all on one swipeable page.
          </p>
          <div className="mt-8 w-full">
            <ClaimUsernameForm />
            <p className="mt-3 text-sm text-muted-foreground">Just sign up. No card required.</p>
          </div>
          <div className="mt-8">
            <AvatarRow />
          </div>
        </div>
        <HeroDemoCard />
      </div>
    </section>
  );
}
