import { FREE_LIMIT_TEXT } from '@pbshare/shared';
import { ChartNoAxesColumn, Infinity as InfinityIcon, Rocket } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';

import { IconBadge } from '@/components/ui/icon-badge';

interface Benefit {
  icon: LucideIcon;
  title: string;
  body: string;
  comingSoon?: boolean;
}

const benefits: Benefit[] = [
  {
    icon: InfinityIcon,
    title: 'Unlimited PBs',
    body: `Free accounts hold ${FREE_LIMIT_TEXT}. Pro has no cap: log every lift, run and rep.`,
  },
  {
    icon: Rocket,
    title: 'Priority access to new features',
    body: 'Try what we build next before anyone else, and help shape it.',
  },
  {
    icon: ChartNoAxesColumn,
    title: 'Usage analytics',
    body: 'See how many people view your page and which PBs they watch most.',
    comingSoon: true,
  },
];

export function ProBenefits() {
  return (
    <section aria-labelledby="benefits-title" className="mx-auto mt-20 w-full max-w-4xl">
      <h2 id="benefits-title" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
        What you get with Pro
      </h2>
      <ul className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-3">
        {benefits.map(({ icon: Icon, title, body, comingSoon }) => (
          <li
            key={title}
            className="rounded-2xl border border-border bg-background p-6 shadow-card"
          >
            <IconBadge icon={Icon} size="sm" />
            <h3 className="mt-4 flex flex-wrap items-center gap-2 font-semibold tracking-tight">
              {title}
              {comingSoon ? (
                <span className="rounded-full bg-secondary px-2 py-0.5 text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">
                  Coming soon
                </span>
              ) : null}
            </h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
