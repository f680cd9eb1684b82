import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { HydrateFallback } from './hydrate-fallback';

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <HydrateFallback />
    </MemoryRouter>,
  );
}

describe('HydrateFallback', () => {
  it('keeps /profile in the skeleton its document painted', () => {
    renderAt('/profile');
    expect(screen.getByRole('status', { name: 'Loading your profile' })).toBeInTheDocument();
    expect(screen.queryByText('Loading PBShare')).not.toBeInTheDocument();
  });

  it('shows the late spinner elsewhere', () => {
    renderAt('/login');
    expect(screen.queryByRole('status', { name: 'Loading your profile' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading PBShare');
  });
});
