import { SearchX, TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

import { MessageScreen } from '@/components/layout/message-screen';
import { Button } from '@/components/ui/button';
import { IconBadge } from '@/components/ui/icon-badge';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';

/** Shown instead of a page that failed to load or threw while rendering. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? 'Oops! Page not found' : 'Something went wrong';
  useDocumentTitle(pageTitle(notFound ? 'Page not found' : 'Something went wrong'));

  return (
    <MessageScreen
      mark={<IconBadge icon={notFound ? SearchX : TriangleAlert} size="lg" className="mb-6" />}
      title={title}
      description={
        notFound
          ? 'The page you were looking for does not exist.'
          : 'We hit a snag showing this page. Reloading usually fixes it; if it keeps happening, please try again in a little while.'
      }
      actions={
        <>
          {notFound ? null : (
            <Button
              onClick={() => {
                window.location.reload();
              }}
            >
              Reload page
            </Button>
          )}
          <Button asChild variant={notFound ? 'primary' : 'outline'}>
            {/* A full document load: the router state may be what broke. */}
            <Link to="/" reloadDocument>
              Return to Home
            </Link>
          </Button>
        </>
      }
    />
  );
}
