import { Spinner } from '@/components/ui/spinner';

/**
 * Shown while the first page's code loads. It fades in late so a fast load shows nothing at all
 * instead of a flash of spinner.
 */
export function HydrateFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner
        size="lg"
        label="Loading PBShare"
        className="animate-fade-in opacity-0 [animation-delay:400ms]"
      />
    </div>
  );
}
