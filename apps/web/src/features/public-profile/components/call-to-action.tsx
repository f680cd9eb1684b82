import { ArrowRight } from 'lucide-react';

import { Button } from '@/components/ui/button';

export interface CallToActionProps {
  /** The person looking is the profile's owner: they get their own PBs rather than a sign-up. */
  owner?: boolean;
}

/**
 * The end of the public page's way: visitors are asked to share their own PBs; the owner, who
 * already does, goes back to editing them. A plain link: the page runs without the app's router.
 */
export function CallToAction({ owner = false }: CallToActionProps) {
  return (
    <Button asChild size="lg" className="w-full shadow-glow">
      <a href={owner ? '/profile' : '/'}>
        {owner ? 'Edit your PBs' : 'Start sharing yours'}
        <ArrowRight aria-hidden="true" />
      </a>
    </Button>
  );
}
