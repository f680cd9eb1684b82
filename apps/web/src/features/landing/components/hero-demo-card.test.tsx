import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { HeroDemoCard } from './hero-demo-card';

function visibleSlideTitle(): string | null {
  const slides = screen.getAllByRole('article', { hidden: true });
  const visible = slides.filter((slide) => slide.getAttribute('aria-hidden') !== 'true');
  expect(visible).toHaveLength(1);
  return visible[0]?.querySelector('h3')?.textContent ?? null;
}

describe('HeroDemoCard', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('moves to the next sample every 4 seconds and wraps around', () => {
    render(<HeroDemoCard />);
    expect(visibleSlideTitle()).toBe('Deadlift');

    act(() => {
      vi.advanceTimersByTime(3999);
    });
    expect(visibleSlideTitle()).toBe('Deadlift');

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(visibleSlideTitle()).toBe('5K Run');

    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(visibleSlideTitle()).toBe('Pull-ups');

    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(visibleSlideTitle()).toBe('Deadlift');
  });

  it('pauses while the pointer is over it', () => {
    render(<HeroDemoCard />);
    const carousel = screen.getByRole('region', { name: 'Sample personal bests' });

    fireEvent.pointerEnter(carousel);
    act(() => {
      vi.advanceTimersByTime(12_000);
    });
    expect(visibleSlideTitle()).toBe('Deadlift');

    fireEvent.pointerLeave(carousel);
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(visibleSlideTitle()).toBe('5K Run');
  });

  it('jumps to a sample from its progress segment', () => {
    render(<HeroDemoCard />);
    fireEvent.click(screen.getByRole('button', { name: /sample 3 of 3/ }));
    expect(visibleSlideTitle()).toBe('Pull-ups');
  });
});
