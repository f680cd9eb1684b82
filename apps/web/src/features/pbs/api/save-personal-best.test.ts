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

/** The parts of the form the mocked upload was given. */
function partsOfCall(index: number): Record<string, FormDataEntryValue> {
  const form = vi.mocked(uploadWithProgress).mock.calls[index]?.[1];
  return form ? Object.fromEntries(form.entries()) : {};
}

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

  it('sends a photo as the file part', async () => {
    await savePersonalBest(input);

    expect(partsOfCall(0).file).toBeInstanceOf(File);
    expect(partsOfCall(0)).not.toHaveProperty('uploadId');
  });

  it('sends a finished upload’s id in place of the file', async () => {
    const video = new File(['v'], 'lift.mp4', { type: 'video/mp4' });

    await savePersonalBest({ ...input, file: video, uploadId: 'up1', id: 'pb1' });

    expect(partsOfCall(0)).toMatchObject({ uploadId: 'up1', isEditMode: 'true', id: 'pb1' });
    expect(partsOfCall(0)).not.toHaveProperty('file');
  });
});
