import { useEffect, useRef, useState } from 'react';

import { cn } from '@/lib/cn';

const sizes = {
  sm: 'size-9 text-sm',
  md: 'size-12 text-lg',
  lg: 'size-24 text-3xl',
} as const;

export interface AvatarProps {
  /** The picture, or null for the initial. */
  src: string | null | undefined;
  /** The person's name: its first letter stands in for a missing or broken picture. */
  name: string;
  size?: keyof typeof sizes;
  className?: string;
}

/** A round profile picture, with the name's initial when there is none or it fails to load. */
export function Avatar({ src, name, size = 'md', className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const initial = (name.trim()[0] ?? 'U').toUpperCase();
  const showImage = Boolean(src) && failedSrc !== src;
  // A server-rendered picture can fail before React listens for `error`: look once on mount.
  const imageRef = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const image = imageRef.current;
    if (image?.complete && image.naturalWidth === 0 && src) setFailedSrc(src);
  }, [src]);

  return (
    <span
      className={cn(
        'relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-brand-bright to-primary font-bold text-primary-foreground select-none',
        sizes[size],
        className,
      )}
    >
      {showImage && src ? (
        <img
          ref={imageRef}
          src={src}
          alt=""
          className="size-full object-cover"
          onError={() => {
            setFailedSrc(src);
          }}
        />
      ) : (
        <span aria-hidden="true">{initial}</span>
      )}
    </span>
  );
}
