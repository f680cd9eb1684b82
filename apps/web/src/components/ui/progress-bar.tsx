import { cn } from '@/lib/cn';

export interface ProgressBarProps {
  /** The accessible name. */
  label: string;
  value: number;
  max: number;
  /** Read out instead of the number, when words say it better ('Processing your media...'). */
  valueText?: string;
  className?: string;
}

/** A determinate progress bar: the bar of an upload, or of a plan's usage. */
export function ProgressBar({ label, value, max, valueText, className }: ProgressBarProps) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className={cn('overflow-hidden rounded-full bg-secondary', className)}
    >
      <div
        className="h-full rounded-full bg-primary transition-[width] duration-300 motion-reduce:transition-none"
        style={{ width: `${max > 0 ? (Math.min(value, max) / max) * 100 : 0}%` }}
      />
    </div>
  );
}
