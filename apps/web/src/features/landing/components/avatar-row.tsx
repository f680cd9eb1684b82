import { ENTHUSIAST_COUNT } from '@pbshare/shared';
import { Bike, Dumbbell, Footprints, Trophy, Waves } from 'lucide-react';

import { formatCount } from '@/lib/format';

/* Sport marks on gradients rather than faces: no stock photos of people who never used the app. */
const avatars = [
  { icon: Dumbbell, className: 'from-orange-400 to-rose-500' },
  { icon: Footprints, className: 'from-sky-400 to-blue-600' },
  { icon: Trophy, className: 'from-violet-400 to-purple-600' },
  { icon: Bike, className: 'from-emerald-400 to-teal-600' },
  { icon: Waves, className: 'from-cyan-400 to-sky-600' },
];

export function AvatarRow() {
  return (
    <div className="flex items-center gap-3">
      <div className="flex -space-x-2" aria-hidden="true">
        {avatars.map(({ icon: Icon, className }) => (
          <span
            key={className}
            className={`inline-flex size-9 items-center justify-center rounded-full bg-gradient-to-br text-white ring-[3px] ring-background ${className}`}
          >
            <Icon className="size-4" strokeWidth={2.25} />
          </span>
        ))}
      </div>
      <p className="text-sm leading-snug text-muted-foreground">
        <strong className="font-semibold text-foreground">{formatCount(ENTHUSIAST_COUNT)}</strong>{' '}
        enthusiasts already share their PBs
      </p>
    </div>
  );
}
