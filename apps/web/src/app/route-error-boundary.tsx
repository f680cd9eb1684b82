import { SearchX, TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

import { Button } from '@/components/ui/button';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';

/** Shown instead of a page that failed to load or threw while rendering. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? 'Oops! Page not found' : 'Something went wrong';
  useDocumentTitle(pageTitle(notFound ? 'Page not found' : 'Something went wrong'));

  return (
    <section className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center px-6 py-24 text-center">
      <span className="mb-6 inline-flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary">
        {notFound ? (
          <SearchX className="size-7" aria-hidden="true" />
        ) : (
          <TriangleAlert className="size-7" aria-hidden="true" />
        )}
      </span>
      <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{title}</h1>
      <p className="mt-3 text-muted-foreground text-pretty">
        {notFound
          ? 'The page you were looking for does not exist.'
          : 'We hit a snag showing this page. Reloading usually fixes it; if it keeps happening, please try again in a little while.'}
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
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
      </div>
    </section>
  );
}
