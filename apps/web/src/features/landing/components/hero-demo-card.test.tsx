import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { withFakeTimersInEachTest } from '@/test/fake-timers';
import { HeroDemoCard } from './hero-demo-card';

function visibleSlideTitle(): string | null {
  const slides = screen.getAllByRole('article', { hidden: true });
  const visible = slides.filter((slide) => slide.getAttribute('aria-hidden') !== 'true');
  expect(visible).toHaveLength(1);
  return visible[0]?.querySelector('[data-sample-title]')?.textContent ?? null;
}

/** The visible slide's title once `ms` more have passed. */
function titleAfter(ms: number): string | null {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
  return visibleSlideTitle();
}

describe('HeroDemoCard', () => {
  withFakeTimersInEachTest();

  it('moves to the next sample every 4 seconds and wraps around', () => {
    render(<HeroDemoCard />);
    expect(visibleSlideTitle()).toBe('Deadlift');
    expect(titleAfter(3999)).toBe('Deadlift');
    expect(titleAfter(1)).toBe('5K Run');
    expect(titleAfter(4000)).toBe('Pull-ups');
    expect(titleAfter(4000)).toBe('Deadlift');
  });

  it('pauses while the pointer is over it', () => {
    render(<HeroDemoCard />);
    const carousel = screen.getByRole('region', { name: 'Sample personal bests' });

    fireEvent.pointerEnter(carousel);
    expect(titleAfter(12_000)).toBe('Deadlift');

    fireEvent.pointerLeave(carousel);
    expect(titleAfter(4000)).toBe('5K Run');
  });

  it('jumps to a sample from its progress segment', () => {
    render(<HeroDemoCard />);
    fireEvent.click(screen.getByRole('button', { name: /sample 3 of 3/ }));
    expect(visibleSlideTitle()).toBe('Pull-ups');
  });
});
