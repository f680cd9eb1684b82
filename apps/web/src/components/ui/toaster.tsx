import { Toaster as SonnerToaster, toast } from 'sonner';

/** The app's single toast outlet; call `toast()` / `toast.error()` from anywhere. */
export function Toaster() {
  return (
    <SonnerToaster
      position="top-center"
      // On phones toasts span the width; below the 64 px top bar they leave the logo, the avatar
      // and the menu usable (sonner's own 16 px put them over all three).
      mobileOffset={{ top: 72 }}
      closeButton
      richColors
      toastOptions={{
        classNames: {
          toast: 'font-sans rounded-xl! shadow-float!',
          title: 'font-semibold',
        },
      }}
    />
  );
}

export { toast };
