import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { stubApi } from '@/test/api-stub';
import { sampleProfile } from '@/test/fixtures/public-profile';
import { PublicProfileView } from '../public-profile-view';

// The form's code never arrives, as when the visitor went offline after the page loaded.
vi.mock('./report-dialog', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('Report without the form’s code', () => {
  it('says the form could not be opened, lets the story go on, and tries again on the next press', async () => {
    stubApi();
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    // Time also runs on its own, for Testing Library's waiting.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      render(<PublicProfileView profile={sampleProfile} />);
      const story = screen.getByRole('dialog', { name: "Ada's personal bests" });
      fireEvent.load(within(story).getByRole('img'));
      const flag = within(story).getByRole('button', { name: 'Report Exercise 1' });

      await user.click(flag);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Could not open the report form. Check your connection and try again.',
      );
      expect(screen.queryByRole('dialog', { name: 'Report' })).toBeNull();
      expect(flag).toBeVisible();
      expect(within(story).getByTestId('story-frame')).toHaveAttribute('data-playing', 'true');

      // The word goes after a while.
      act(() => {
        vi.advanceTimersByTime(6000);
      });
      expect(screen.queryByRole('alert')).toBeNull();

      await user.click(flag);
      expect(await screen.findByRole('alert')).toBeVisible();
    } finally {
      vi.useRealTimers();
    }
  });
});
