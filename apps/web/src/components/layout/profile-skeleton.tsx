import { cn } from '@/lib/cn';
import { Logo } from './logo';

/** The PB grid's columns and gaps: 2 on phones up to 6 on wide screens (docs/PRODUCT.md §2). */
export const PB_GRID_COLUMNS =
  'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6';

/** A grey block standing in for text or media; still under reduced motion. */
function Bone({ className }: { className: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('block animate-pulse bg-secondary motion-reduce:animate-none', className)}
    />
  );
}

/**
 * The PB cards' places while the list loads: the grid's own columns and card shape, so the
 * cards arrive where their outlines already are. With a label it announces itself as loading.
 */
export function PbCardsSkeleton({
  count = 3,
  label,
  className,
}: {
  count?: number;
  label?: string;
  className?: string;
}) {
  return (
    <div
      role={label === undefined ? undefined : 'status'}
      aria-label={label}
      className={cn(PB_GRID_COLUMNS, className)}
    >
      {Array.from({ length: count }, (_, index) => (
        <div
          key={index}
          className="overflow-hidden rounded-2xl border border-border bg-background shadow-card"
        >
          <Bone className="aspect-[4/5] w-full" />
          <div className="space-y-2 p-3">
            <Bone className="h-3.5 w-3/4 rounded" />
            <Bone className="h-3 w-1/2 rounded" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * /profile before anything is known but the address: the header's box and the cards' places.
 * The server sends it in the page itself, so a slow network paints the page's shape at once
 * instead of a white screen, and the app keeps it up while the session and the list load.
 */
export function ProfileSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading your profile"
      className="mx-auto w-full max-w-6xl px-4 pt-6 pb-20 sm:px-6 sm:pt-10"
    >
      <div className="rounded-3xl border border-border bg-background p-5 shadow-card sm:p-8">
        <div className="flex items-center gap-4 sm:gap-6">
          <Bone className="size-16 shrink-0 rounded-full sm:size-24" />
          <div className="min-w-0 flex-1 space-y-2.5">
            <Bone className="h-7 w-40 rounded-lg sm:h-8 sm:w-56" />
            <Bone className="h-4 w-24 rounded" />
          </div>
        </div>
        <div className="mt-5 flex gap-2 sm:pl-30">
          <Bone className="h-9 w-32 rounded-full" />
          <Bone className="h-9 w-28 rounded-full" />
        </div>
      </div>
      <div className="mt-10">
        <Bone className="h-7 w-44 rounded-lg" />
        <PbCardsSkeleton className="mt-5" />
      </div>
    </div>
  );
}

/**
 * The whole of /profile before the app runs: the top bar as it looks while the session is checked
 * (the logo, a placeholder where the account goes) above the profile's skeleton. The server sends
 * this markup; the app shows it until its first page code arrives (app/layouts/hydrate-fallback).
 */
export function ProfileShell() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b border-transparent">
        <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <span className="-m-1 p-1">
            <Logo />
          </span>
          <Bone className="size-9 rounded-full" />
        </div>
      </header>
      <main className="flex flex-1 flex-col">
        <ProfileSkeleton />
      </main>
    </div>
  );
}
