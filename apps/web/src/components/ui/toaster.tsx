import type { CSSProperties } from 'react';
import { Toaster as SonnerToaster, toast } from 'sonner';

import { useMediaQuery } from '@/hooks/page-conditions';

/** Sonner's own phone layout (full-width toasts) starts below this width. */
const PHONE = '(max-width: 600px)';

/**
 * Sonner's rich colours in the app's tokens: its own red (#e60000 on #fff0f0) and green measure
 * under 4.5:1 at a toast's 13 px. Set inline on the toaster, they win over Sonner's sheet.
 */
const RICH_COLOURS = {
  '--error-bg': 'var(--color-destructive-soft)',
  '--error-text': 'var(--color-destructive-hover)',
  '--success-text': 'var(--color-success-strong)',
} as CSSProperties;

/**
 * The app's single toast outlet; call `toast()` / `toast.error()` from anywhere. Toasts come up
 * from the bottom, clear of the top bar, page titles, close buttons and 'Back to Profile': full
 * width on phones, in the corner beside the content column on wider screens.
 */
export function Toaster() {
  const phone = useMediaQuery(PHONE);
  return (
    <SonnerToaster
      position={phone ? 'bottom-center' : 'bottom-right'}
      mobileOffset={{ bottom: 16 }}
      closeButton
      richColors
      style={RICH_COLOURS}
      toastOptions={{
        classNames: {
          toast: 'font-sans rounded-xl! shadow-float!',
          title: 'font-semibold',
          // Sonner draws a 20 px close button; WCAG's smallest target is 24 px, and 28 keeps it
          // above that through the toast's scaling in and out.
          closeButton: 'size-7! [&_svg]:size-3.5!',
          // 'Undo' is the toast's one action: a 32 px target, as easy to hit as a small button.
          actionButton: 'h-8! rounded-lg! px-3! text-sm! font-semibold!',
        },
      }}
    />
  );
}

export { toast };
