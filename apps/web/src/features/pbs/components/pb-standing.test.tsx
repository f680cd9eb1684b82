import type { PersonalBest } from '@pbshare/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { historyRecord, pbWith } from '@/test/fixtures/personal-bests';
import { renderPage } from '@/test/render';
import { PbCard } from './pb-card';
import { changeLabel } from './pb-standing';

const SAVED = Date.parse('2026-03-14T10:00:00.000Z');
const UNTIL = '2026-03-21T10:00:00.000Z';

const beaten = pbWith({
  title: 'Bench',
  value: '145 kg',
  displayValue: '145 kg',
  amount: 145,
  unit: 'kg',
  improvement: { previousBest: '140 kg', change: '+5 kg', beaten: true },
  newPbUntil: UNTIL,
  personalBestHistory: [historyRecord({ value: '140 kg', displayValue: '140 kg', unit: 'kg' })],
});

const lower = pbWith({
  title: 'Bench',
  value: '100 kg',
  displayValue: '100 kg',
  amount: 100,
  unit: 'kg',
  improvement: { previousBest: '145 kg', change: '-45 kg', beaten: false },
  newPbUntil: null,
});

function renderCard(pb: PersonalBest, expanded = false) {
  renderPage(
    <PbCard
      pb={pb}
      expanded={expanded}
      onExpand={vi.fn()}
      onCollapse={vi.fn()}
      onToggleVisibility={vi.fn()}
      onDelete={vi.fn()}
      onDeleteHistory={vi.fn()}
    />,
  );
  return { card: screen.getByTestId('pb-card') };
}

beforeEach(() => {
  // Only the clock: promises and timers stay real for the router and user-event.
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the change against the previous best on a card', () => {
  it('shows +5 kg in the success colour and New PB within the week, collapsed and open', () => {
    vi.setSystemTime(SAVED + 3 * 86_400_000);
    const { card } = renderCard(beaten);
    const change = within(card).getByTestId('pb-change');
    expect(change).toHaveTextContent('+5 kg');
    expect(change).toHaveClass('text-success');
    expect(
      within(change).getByText('Up 5 kg on your previous best, 140 kg', { selector: '.sr-only' }),
    ).toBeInTheDocument();
    expect(within(card).getByTestId('new-pb-badge')).toHaveTextContent('New PB');
    expect(
      within(card).getByRole('button', { name: 'Bench: 145 kg, New PB. Show details' }),
    ).toBeInTheDocument();
  });

  it('shows them in the open card too, with the previous best', () => {
    vi.setSystemTime(SAVED);
    const { card } = renderCard(beaten, true);
    const change = within(card).getByTestId('pb-change');
    expect(change).toHaveTextContent('+5 kg from 140 kg');
    expect(within(card).getByTestId('new-pb-badge')).toBeVisible();
  });

  it('drops the badge once newPbUntil has passed, keeping the change', () => {
    vi.setSystemTime(Date.parse(UNTIL));
    const { card } = renderCard(beaten);
    expect(within(card).queryByTestId('new-pb-badge')).toBeNull();
    expect(within(card).getByTestId('pb-change')).toHaveTextContent('+5 kg');
    expect(
      within(card).getByRole('button', { name: 'Bench: 145 kg. Show details' }),
    ).toBeInTheDocument();
  });

  it('mutes a change that did not beat the previous best, without a badge', () => {
    vi.setSystemTime(SAVED);
    const { card } = renderCard(lower);
    const change = within(card).getByTestId('pb-change');
    expect(change).toHaveTextContent('-45 kg');
    expect(change).toHaveClass('text-muted-foreground');
    expect(change).not.toHaveClass('text-success');
    expect(within(change).getByText('Down 45 kg on your previous best, 145 kg')).toHaveClass(
      'sr-only',
    );
    expect(within(card).queryByTestId('new-pb-badge')).toBeNull();
  });

  it('shows nothing for a first record', () => {
    const { card } = renderCard(pbWith({ improvement: null, newPbUntil: null }));
    expect(within(card).queryByTestId('pb-change')).toBeNull();
    expect(within(card).queryByTestId('new-pb-badge')).toBeNull();
  });
});

describe('changeLabel', () => {
  const label = (
    category: PersonalBest['category'],
    unit: PersonalBest['unit'],
    change: string,
    previousBest: string,
  ) => changeLabel({ category, unit, improvement: { change, previousBest, beaten: false } });

  it('says up or down for weights and reps', () => {
    expect(label('Weight Training', 'lbs', '+4.54 lbs', '100 kg')).toBe(
      'Up 4.54 lbs on your previous best, 100 kg',
    );
    expect(label('Bodyweight Training', 'reps', '-3 reps', '20 reps')).toBe(
      'Down 3 reps on your previous best, 20 reps',
    );
  });

  it('says faster or slower for a race, longer or shorter for a hold', () => {
    expect(label('Running', 'duration', '-0:42', '22:48')).toBe(
      '0:42 faster than your previous best, 22:48',
    );
    expect(label('Swimming', 'duration', '+1:05', '22:48')).toBe(
      '1:05 slower than your previous best, 22:48',
    );
    expect(label('Bodyweight Training', 'duration', '+0:30', '2:00')).toBe(
      '0:30 longer than your previous best, 2:00',
    );
  });

  it('says equals for a tie, and nothing without a previous best', () => {
    expect(label('Weight Training', 'kg', '±0 kg', '140 kg')).toBe(
      'Equals your previous best, 140 kg',
    );
    expect(changeLabel({ category: 'Running', unit: 'duration', improvement: null })).toBeNull();
  });
});
