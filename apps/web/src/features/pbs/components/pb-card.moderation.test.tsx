import { MODERATION_MESSAGES, type PersonalBest } from '@pbshare/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { pbWith } from '@/test/fixtures/personal-bests';
import { renderPage } from '@/test/render';
import { PbCard } from './pb-card';

const hidden = pbWith({
  isVisible: false,
  moderation: { reason: 'Someone else is in the photo', at: '2026-03-14T10:00:00.000Z' },
});
const notice = `${MODERATION_MESSAGES.hiddenByModeration}: Someone else is in the photo`;

function renderCard(pb: PersonalBest, expanded: boolean) {
  const onToggleVisibility = vi.fn();
  renderPage(
    <PbCard
      pb={pb}
      expanded={expanded}
      onExpand={vi.fn()}
      onCollapse={vi.fn()}
      onToggleVisibility={onToggleVisibility}
      onDelete={vi.fn()}
      onDeleteHistory={vi.fn()}
    />,
    '/profile',
  );
  return { onToggleVisibility };
}

describe('PbCard hidden by moderation', () => {
  it('says so on the closed card, where showing it is disabled with the reason', async () => {
    const { onToggleVisibility } = renderCard(hidden, false);
    expect(screen.getByText(notice)).toBeVisible();
    const toggle = screen.getByRole('button', { name: 'Show Deadlift on your public page' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(notice);
    await userEvent.click(toggle);
    expect(onToggleVisibility).not.toHaveBeenCalled();
  });

  it('says so on the open card, where the switch is disabled', async () => {
    const { onToggleVisibility } = renderCard(hidden, true);
    const toggle = screen.getByRole('switch', { name: /^Show on public page/ });
    expect(screen.getByText(notice)).toBeVisible();
    expect(toggle).toBeDisabled();
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(onToggleVisibility).not.toHaveBeenCalled();
  });

  it('leaves a card without moderation as it was', async () => {
    const { onToggleVisibility } = renderCard(pbWith({ moderation: null }), false);
    expect(screen.queryByText(new RegExp(MODERATION_MESSAGES.hiddenByModeration))).toBeNull();
    await userEvent.click(
      screen.getByRole('button', { name: 'Hide Deadlift from your public page' }),
    );
    expect(onToggleVisibility).toHaveBeenCalledWith(false);
  });
});
