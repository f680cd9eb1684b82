import type { ComponentProps, ElementType, ReactNode } from 'react';

import { cn } from '@/lib/cn';

/** A part: the element or Radix primitive it renders, and its base classes. */
type Part = readonly [ElementType, string];

/** What a part becomes: its element's props, a `className` among them that extends the base. */
type ClassedComponent<T extends ElementType> = ((props: ComponentProps<T>) => ReactNode) & {
  displayName: string;
};

/**
 * The design system's simplest parts, named by their keys: each renders its element with its base
 * classes, which a `className` given where it is used extends or overrides.
 */
export function withClasses<P extends Record<string, Part>>(
  parts: P,
): { [K in keyof P]: ClassedComponent<P[K][0]> } {
  const components: Record<string, ClassedComponent<ElementType>> = {};
  for (const [name, [Element, base]] of Object.entries(parts)) {
    const Classed = ({ className, ...props }: { className?: string }) => (
      <Element className={cn(base, className)} {...props} />
    );
    Classed.displayName = name;
    components[name] = Classed;
  }
  return components as { [K in keyof P]: ClassedComponent<P[K][0]> };
}
