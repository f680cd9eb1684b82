import type { PlanId } from '@pbshare/shared';

/** Words the pricing page says about each plan; prices and savings come from @pbshare/shared. */
export const PLAN_COPY: Readonly<Record<PlanId, { summary: string; term: string }>> = {
  'one-year': {
    summary: 'A full year of Pro to chase your next milestones.',
    term: 'Pro for 12 months. Does not renew.',
  },
  lifetime: {
    summary: 'Pay once and keep Pro for as long as PBShare exists.',
    term: 'Pro for life. Never pay again.',
  },
};
