import { cn } from '@/lib/cn';

/**
 * A purely decorative layer (a glow, a grid) positioned over or under its parent: hidden from
 * assistive technology and never in the way of a click.
 */
export function Decoration({ className }: { className: string }) {
  return <div aria-hidden="true" className={cn('pointer-events-none absolute', className)} />;
}
