import { FREE_LIMIT_TEXT } from '@pbshare/shared';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { Decoration } from '@/components/ui/decoration';

export function ClosingCta() {
  return (
    // Below the fold, like the features (feature-grid.tsx).
    <section
      aria-labelledby="cta-title"
      className="px-4 py-20 [contain-intrinsic-size:auto_620px] [content-visibility:auto] sm:px-6 sm:py-28 sm:[contain-intrinsic-size:auto_640px]"
    >
      <div className="relative mx-auto w-full max-w-5xl overflow-hidden rounded-[2rem] bg-ink px-6 py-14 text-center text-white sm:px-12 sm:py-20">
        <Decoration className="-top-32 left-1/2 size-[36rem] -translate-x-1/2 rounded-full bg-[radial-gradient(circle,rgb(255_106_43/0.45),transparent_65%)]" />
        <div className="relative">
          <h2
            id="cta-title"
            className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance sm:text-5xl"
          >
            Your next PB deserves an audience
          </h2>
          <p className="mx-auto mt-5 max-w-xl text-lg text-white/75 text-pretty">
            Create your page in a minute. Free for {FREE_LIMIT_TEXT}, upgrade once when you want
            more.
          </p>
          <div className="mt-9 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Button asChild size="lg" className="w-full shadow-glow sm:w-auto">
              <Link to="/signup">
                Create your free page
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="ghost"
              className="w-full text-white hover:bg-white/10 sm:w-auto"
            >
              <Link to="/pricing">See Pro plans</Link>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
