import { useAppConfig } from '@/features/app-config';

export interface ContactEmailProps {
  kind: 'support' | 'privacy';
}

/**
 * A contact address from the server's app config, as a mailto link. While it loads, or if it
 * cannot be loaded, the sentence around it still reads sensibly.
 */
export function ContactEmail({ kind }: ContactEmailProps) {
  const { data, isPending, isError, refetch } = useAppConfig();

  if (isPending) {
    return (
      <span className="inline-block h-4 w-44 animate-pulse rounded bg-secondary align-middle motion-reduce:animate-none">
        <span className="sr-only">Loading the {kind} address</span>
      </span>
    );
  }
  if (isError) {
    return (
      <span>
        our {kind} team (the address could not be loaded;{' '}
        <button
          type="button"
          className="rounded font-medium text-primary underline underline-offset-4"
          onClick={() => {
            void refetch();
          }}
        >
          try again
        </button>
        )
      </span>
    );
  }

  const address = kind === 'support' ? data.supportEmail : data.privacyEmail;
  return (
    <a
      href={`mailto:${address}`}
      className="rounded font-medium break-all text-primary underline underline-offset-4 hover:text-primary-hover"
    >
      {address}
    </a>
  );
}
