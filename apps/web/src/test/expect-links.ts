import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Checks that each link, by its accessible name, is there and goes to its href: on the whole
 * page, or inside `container`.
 */
export function expectLinks(links: Record<string, string>, container?: HTMLElement) {
  const scope = container ? within(container) : screen;
  for (const [name, href] of Object.entries(links)) {
    expect(scope.getByRole('link', { name })).toHaveAttribute('href', href);
  }
}
