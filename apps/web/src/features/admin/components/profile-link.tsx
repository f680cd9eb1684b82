import { ExternalLink } from 'lucide-react';

/** The public page of `username`, opened in a new tab so the queue stays where it was. */
export function ProfileLink({ username }: { username: string }) {
  return (
    <a
      href={`/${encodeURIComponent(username)}`}
      target="_blank"
      rel="noreferrer"
      aria-label={`@${username} (opens in a new tab)`}
      className="inline-flex min-w-0 items-center gap-1 font-semibold text-primary underline-offset-4 hover:underline"
    >
      <span className="truncate">@{username}</span>
      <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
    </a>
  );
}
