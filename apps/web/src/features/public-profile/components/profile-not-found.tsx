import { ArrowLeft, UserX } from 'lucide-react';
import { Link } from 'react-router';

import { Logo } from '@/components/layout/logo';
import { Button } from '@/components/ui/button';

/** /{username} for nobody (docs/PRODUCT.md §2). */
export function ProfileNotFound() {
  return (
    <>
      <header className="px-5 py-4">
        <Link to="/" aria-label="PBShare home" className="inline-flex rounded-lg">
          <Logo />
        </Link>
      </header>
      <section
        aria-labelledby="profile-not-found-title"
        className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center px-6 py-24 text-center"
      >
        <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-primary-soft text-primary">
          <UserX className="size-8" aria-hidden="true" />
        </span>
        <h1
          id="profile-not-found-title"
          className="mt-6 text-2xl font-bold tracking-tight sm:text-3xl"
        >
          Profile Not Found
        </h1>
        <p className="mt-3 text-muted-foreground text-pretty">
          The profile you&apos;re looking for doesn&apos;t exist or is not available.
        </p>
        <Button asChild size="lg" className="mt-8">
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            Go Home
          </Link>
        </Button>
      </section>
    </>
  );
}
