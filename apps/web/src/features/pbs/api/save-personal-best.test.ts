import { afterEach, describe, expect, it, vi } from 'vitest';

import { uploadWithProgress } from '@/lib/upload-with-progress';
import { savePersonalBest, type SavePersonalBestInput } from './save-personal-best';

vi.mock('@/lib/upload-with-progress', () => ({
  uploadWithProgress: vi.fn(() => Promise.resolve({ data: {}, message: '' })),
}));

const input: SavePersonalBestInput = {
  title: 'Deadlift',
  category: 'Weight Training',
  amount: '225',
  unit: 'lbs',
  date: '2026-03-14',
  sets: '1',
  reps: '1',
  story: '',
  file: new File(['x'], 'lift.jpg', { type: 'image/jpeg' }),
};

function keyOfCall(index: number): unknown {
  const options = vi.mocked(uploadWithProgress).mock.calls[index]?.[2];
  return options?.idempotencyKey;
}

describe('savePersonalBest', () => {
  afterEach(() => {
    vi.mocked(uploadWithProgress).mockClear();
  });

  it('sends an Idempotency-Key, a new one for each save', async () => {
    await savePersonalBest(input);
    await savePersonalBest(input);

    const first = keyOfCall(0);
    const second = keyOfCall(1);
    expect(first).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(second).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(second).not.toBe(first);
  });
});
