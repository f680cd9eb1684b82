import type { DataArchive, DataArchiveExercise } from '@pbshare/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors/app-error.js';
import { parseArchiveJson, planImport } from './import-plan.js';

const exercise = (title: string, order: number): DataArchiveExercise => ({
  title,
  category: 'Weight Training',
  isVisible: true,
  order,
  records: [
    {
      amount: 100,
      unit: 'kg',
      achievedOn: '2026-01-01',
      sets: null,
      reps: null,
      story: '',
      createdAt: '2026-01-01T08:00:00.000Z',
      media: { type: 'image', file: `media/${order}/full.webp`, card: null, poster: null },
    },
  ],
});

const archive = (exercises: DataArchiveExercise[]): DataArchive => ({
  format: 'pbshare-export',
  version: 1,
  exportedAt: '2026-11-24T10:00:00.000Z',
  profile: { username: 'maya', bio: '', avatar: null, tier: 'unlimited' },
  exercises,
});

const five = () =>
  archive(['E', 'C', 'A', 'D', 'B'].map((title) => exercise(title, title.charCodeAt(0) - 65)));

const messageOf = (work: () => unknown) => {
  try {
    work();
  } catch (err) {
    if (err instanceof AppError) return `${err.status} ${err.message}`;
    throw err;
  }
  throw new Error('no error');
};

describe('planImport', () => {
  it('keeps the first three exercises by order for a free account and names the rest', () => {
    const plan = planImport(five(), 'free');
    expect(plan.exercises.map((e) => e.title)).toEqual(['A', 'B', 'C']);
    expect(plan.leftOutTitles).toEqual(['D', 'E']);
  });

  it('keeps every exercise, in order, for Pro', () => {
    const plan = planImport(five(), 'unlimited');
    expect(plan.exercises.map((e) => e.title)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(plan.leftOutTitles).toEqual([]);
  });

  it('refuses two exercises with the same title as the app groups them', () => {
    expect(
      messageOf(() =>
        planImport(archive([exercise('Bench  Press', 0), exercise(' bench press', 1)]), 'free'),
      ),
    ).toBe('400 The archive lists "Bench  Press" twice. Nothing was imported.');
  });

  it('applies the PB rules to every record, naming the record', () => {
    const wrong = exercise('Squat', 0);
    Object.assign(wrong.records[0] ?? {}, { unit: 'duration', amount: 90 });
    expect(messageOf(() => planImport(archive([wrong]), 'unlimited'))).toBe(
      '400 Squat (2026-01-01): Weight Training PBs are measured in lbs or kg. Nothing was imported.',
    );
    const future = exercise('Squat', 0);
    Object.assign(future.records[0] ?? {}, { achievedOn: '2999-01-01' });
    expect(messageOf(() => planImport(archive([future]), 'unlimited'))).toMatch(
      /^400 Squat \(2999-01-01\): The date cannot be in the future/,
    );
  });
});

describe('parseArchiveJson', () => {
  it('names an archive of a newer format version', () => {
    expect(messageOf(() => parseArchiveJson({ ...five(), version: 3 }))).toBe(
      '400 This archive was made by a newer PBShare (format version 3); this one reads version 1. Nothing was imported.',
    );
  });

  it('says when the JSON is not a PBShare export at all', () => {
    expect(messageOf(() => parseArchiveJson({ hello: 'world' }))).toBe(
      "400 This archive's pbshare.json is not a PBShare export. Nothing was imported.",
    );
  });

  it('points at the first field that is wrong', () => {
    const a = five() as unknown as { exercises: { isVisible: unknown }[] };
    if (a.exercises[1]) a.exercises[1].isVisible = 'yes';
    expect(messageOf(() => parseArchiveJson(a))).toMatch(
      /^400 This archive's pbshare\.json is not as PBShare writes it at exercises\.1\.isVisible: /,
    );
  });
});
