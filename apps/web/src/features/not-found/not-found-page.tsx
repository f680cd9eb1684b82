import { HomeButton } from '@/components/layout/home-button';
import { MessageScreen } from '@/components/layout/message-screen';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';

export function NotFoundPage() {
  useDocumentTitle(pageTitle('Page not found'));

  return (
    <MessageScreen
      className="relative max-w-xl"
      mark={
        <p
          aria-hidden="true"
          className="mb-4 bg-gradient-to-b from-brand-bright to-primary bg-clip-text text-8xl font-black tracking-tighter text-transparent sm:text-9xl"
        >
          404
        </p>
      }
      title="Oops! Page not found"
      description="The page you were looking for moved, never existed, or is taking a rest day."
      actions={<HomeButton label="Return to Home" />}
    />
  );
}
