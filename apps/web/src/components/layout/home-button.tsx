import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';

/** The large 'back to the home page' button of a message screen, a link inside the app. */
export function HomeButton({ label }: { label: string }) {
  return (
    <Button asChild size="lg">
      <Link to="/">
        <ArrowLeft aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}
