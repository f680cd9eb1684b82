import { Toaster as SonnerToaster, toast } from 'sonner';

/** The app's single toast outlet; call `toast()` / `toast.error()` from anywhere. */
export function Toaster() {
  return (
    <SonnerToaster
      position="top-center"
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
