import { describe, expect, it } from 'vitest';

import { historyRecord, pbWith } from '@/test/fixtures/personal-bests';
import { applyOrder } from './reorder-personal-bests';

const bench = pbWith({ id: 'b', exerciseId: 'eb', title: 'Bench', personalBestHistory: [] });
const squat = pbWith({
  id: 's',
  exerciseId: 'es',
  title: 'Squat',
  personalBestHistory: [historyRecord({ id: 's-old' })],
});
const row = pbWith({ id: 'r', exerciseId: 'er', title: 'Row', personalBestHistory: [] });

describe('applyOrder', () => {
  it('puts the cards in the given order and numbers them', () => {
    const ordered = applyOrder([bench, squat, row], ['r', 'b', 's']);
    expect(ordered.map((pb) => [pb.title, pb.order])).toEqual([
      ['Row', 0],
      ['Bench', 1],
      ['Squat', 2],
    ]);
  });

  it('places a card named by one of its history records', () => {
    // The page shows Squat headed by 's-old' while the delete of 's' waits for its Undo.
    const ordered = applyOrder([bench, squat, row], ['s-old', 'r', 'b']);
    expect(ordered.map((pb) => pb.title)).toEqual(['Squat', 'Row', 'Bench']);
  });

  it('keeps cards the order leaves out last, in their order', () => {
    const ordered = applyOrder([bench, squat, row], ['r']);
    expect(ordered.map((pb) => pb.title)).toEqual(['Row', 'Bench', 'Squat']);
  });
});
