import { PRODUCT_NAME } from '@pbshare/shared';
import { Link } from 'react-router';

import { CookiesDialog } from './cookies-dialog';
import { Logo } from '@/components/layout/logo';
import { useClientValue } from '@/hooks/use-client-value';

const linkClasses =
  'rounded-md text-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:text-foreground';

export function SiteFooter() {
  // The year the page was built until it runs in the visitor's browser (prerendered pages).
  const year = useClientValue(() => new Date().getFullYear(), Number(__BUILD_DATE__.slice(0, 4)));
  return (
    <footer className="border-t border-border bg-muted/60">
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="flex flex-col gap-2">
          <Link
            to="/"
            className="-m-1 self-start rounded-lg p-1"
            aria-label={`${PRODUCT_NAME} home`}
          >
            <Logo />
          </Link>
          <p className="text-sm text-muted-foreground">
            Every PB has a story. Share yours. © {year} {PRODUCT_NAME}
          </p>
        </div>
        <nav aria-label="Legal">
          <ul className="flex flex-wrap items-center gap-x-6 gap-y-3">
            <li>
              <Link to="/privacy" className={linkClasses}>
                Privacy
              </Link>
            </li>
            <li>
              <Link to="/terms" className={linkClasses}>
                Terms
              </Link>
            </li>
            <li>
              <CookiesDialog triggerClassName={linkClasses} />
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
