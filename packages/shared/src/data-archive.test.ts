import { describe, expect, it } from 'vitest';
import {
  dataArchiveFileName,
  dataArchiveSchema,
  isSafeEntryName,
  type DataArchive,
} from './data-archive.js';

const archive = (): DataArchive => ({
  format: 'pbshare-export',
  version: 1,
  exportedAt: '2026-11-24T10:00:00.000Z',
  profile: { username: 'maya', bio: 'Lifts.', avatar: 'profile/avatar.webp', tier: 'free' },
  exercises: [
    {
      title: 'Deadlift',
      category: 'Weight Training',
      isVisible: true,
      order: 0,
      records: [
        {
          amount: 200,
          unit: 'kg',
          achievedOn: '2026-03-14',
          sets: 1,
          reps: 1,
          story: '',
          createdAt: '2026-03-14T09:00:00.000Z',
          media: {
            type: 'image',
            file: 'media/0b9c6f1e-1a2b-4c3d-8e9f-001122334455/full.webp',
            card: 'media/0b9c6f1e-1a2b-4c3d-8e9f-001122334455/card.webp',
            poster: null,
          },
        },
      ],
    },
  ],
});

describe('archive entry names', () => {
  it('accept the names an export writes', () => {
    for (const name of [
      'pbshare.json',
      'profile/avatar.webp',
      'media/0b9c6f1e-1a2b-4c3d-8e9f-001122334455/original.mp4',
      'media/abc/',
    ]) {
      expect(isSafeEntryName(name), name).toBe(true);
    }
  });

  it('refuse traversal, absolute paths, backslashes and odd characters', () => {
    for (const name of [
      '',
      '../evil.sh',
      'media/../../etc/passwd',
      'media/./x.webp',
      '/etc/passwd',
      'C:/Windows/win.ini',
      'c:evil',
      'media\\..\\evil',
      'media//x.webp',
      '..',
      '.hidden',
      'media/x/…webp',
      'media/x/a b.webp',
      'media/x/\u0000.webp',
      `media/${'a'.repeat(300)}.webp`,
    ]) {
      expect(isSafeEntryName(name), JSON.stringify(name)).toBe(false);
    }
  });
});

describe('the archive schema', () => {
  it('reads what an export writes', () => {
    expect(dataArchiveSchema.parse(archive())).toEqual(archive());
  });

  it.each<[string, (a: DataArchive) => void]>([
    ['another format', (a) => Object.assign(a, { format: 'zip' })],
    ['another version', (a) => Object.assign(a, { version: 2 })],
    ['an unknown field', (a) => Object.assign(a, { extra: true })],
    ['a number as text', (a) => Object.assign(a.exercises[0]?.records[0] ?? {}, { amount: '200' })],
    ['an unknown unit', (a) => Object.assign(a.exercises[0]?.records[0] ?? {}, { unit: 'stone' })],
    ['an unknown category', (a) => Object.assign(a.exercises[0] ?? {}, { category: 'Chess' })],
    ['an exercise with no record', (a) => Object.assign(a.exercises[0] ?? {}, { records: [] })],
    [
      'a date that is not a day',
      (a) => Object.assign(a.exercises[0]?.records[0] ?? {}, { achievedOn: '14/03/2026' }),
    ],
    [
      'a media path outside media/',
      (a) => Object.assign(a.exercises[0]?.records[0]?.media ?? {}, { file: '../../etc/passwd' }),
    ],
    [
      'a media path with a traversal',
      (a) => Object.assign(a.exercises[0]?.records[0]?.media ?? {}, { file: 'media/../x.webp' }),
    ],
    ['an avatar path elsewhere', (a) => Object.assign(a.profile, { avatar: '/root/avatar.webp' })],
  ])('refuses %s', (_label, tamper) => {
    const a = archive();
    tamper(a);
    expect(dataArchiveSchema.safeParse(a).success).toBe(false);
  });
});

describe('the file name', () => {
  it('is pbshare-<username>-<day>.zip, the day in UTC', () => {
    expect(dataArchiveFileName('maya', new Date('2026-11-24T23:30:00-05:00'))).toBe(
      'pbshare-maya-2026-11-25.zip',
    );
  });
});
