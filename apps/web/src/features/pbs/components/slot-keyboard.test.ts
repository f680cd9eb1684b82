import { describe, expect, it } from 'vitest';

import { columnsOf, slotAfterArrow } from './slot-keyboard';

const rect = (left: number, top: number) => ({
  left,
  top,
  width: 100,
  height: 150,
  right: left + 100,
  bottom: top + 150,
});

describe('slotAfterArrow', () => {
  it('moves one slot left or right, across rows', () => {
    expect(slotAfterArrow(0, 5, 2, 'ArrowRight')).toBe(1);
    expect(slotAfterArrow(1, 5, 2, 'ArrowRight')).toBe(2);
    expect(slotAfterArrow(2, 5, 2, 'ArrowLeft')).toBe(1);
  });

  it('moves one row up or down in a grid', () => {
    expect(slotAfterArrow(0, 5, 2, 'ArrowDown')).toBe(2);
    expect(slotAfterArrow(3, 5, 2, 'ArrowUp')).toBe(1);
  });

  it('moves to the next or previous slot in a single column', () => {
    expect(slotAfterArrow(1, 3, 1, 'ArrowDown')).toBe(2);
    expect(slotAfterArrow(1, 3, 1, 'ArrowUp')).toBe(0);
  });

  it('stays put at either end', () => {
    expect(slotAfterArrow(0, 3, 2, 'ArrowLeft')).toBe(0);
    expect(slotAfterArrow(2, 3, 2, 'ArrowRight')).toBe(2);
    expect(slotAfterArrow(1, 3, 2, 'ArrowDown')).toBe(1);
    expect(slotAfterArrow(0, 3, 2, 'ArrowUp')).toBe(0);
  });
});

describe('columnsOf', () => {
  it('counts the slots level with the first', () => {
    expect(columnsOf([rect(0, 0), rect(110, 0), rect(0, 160)])).toBe(2);
    expect(columnsOf([rect(0, 0), rect(0, 160), rect(0, 320)])).toBe(1);
    expect(columnsOf([])).toBe(1);
  });
});
