import type { AuditEntry, QueueAppeal, QueueItem } from '@pbshare/shared';

/** An audit entry as the admin API returns it. */
export function auditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 'act-1',
    at: '2026-03-10T09:00:00.000Z',
    adminEmail: 'mod@example.com',
    action: 'hide-pb',
    userId: 'u2',
    username: 'bob',
    exerciseId: 'ex-9',
    recordId: 'rec-9',
    reason: 'Not his video',
    ...overrides,
  };
}

/** Reports about one of bob's PBs. */
export const pbItem: QueueItem = {
  key: 'u2:ex-1',
  profile: { userId: 'u2', username: 'bob', avatarUrl: '/media/bob/avatar.webp', suspended: null },
  pb: {
    exerciseId: 'ex-1',
    recordId: 'rec-1',
    title: 'Deadlift',
    mediaType: 'image',
    pictureUrl: '/media/ex-1/card.webp',
    videoUrl: null,
    hidden: null,
  },
  reasons: [
    { reason: 'nudity', count: 2 },
    { reason: 'spam', count: 1 },
  ],
  total: 3,
  notes: ['Look at the background', 'Not ok'],
  firstReportedAt: '2026-03-12T08:00:00.000Z',
  lastReportedAt: '2026-03-14T18:30:00.000Z',
  history: [auditEntry({ id: 'old-1', action: 'dismiss', exerciseId: null, reason: 'Fine' })],
};

/** Reports about carol's whole profile, already suspended. */
export const profileItem: QueueItem = {
  key: 'u3',
  profile: {
    userId: 'u3',
    username: 'carol',
    avatarUrl: null,
    suspended: { reason: 'Fake profile', at: '2026-03-11T10:00:00.000Z' },
  },
  pb: null,
  reasons: [{ reason: 'impersonation', count: 1 }],
  total: 1,
  notes: [],
  firstReportedAt: '2026-03-13T08:00:00.000Z',
  lastReportedAt: '2026-03-13T08:00:00.000Z',
  history: [],
};

/** A video PB, to play in the queue. */
export const videoItem: QueueItem = {
  ...pbItem,
  key: 'u2:ex-2',
  pb: {
    exerciseId: 'ex-2',
    recordId: 'rec-2',
    title: 'Sprint',
    mediaType: 'video',
    pictureUrl: '/media/ex-2/poster.webp',
    videoUrl: '/media/ex-2/video.mp4',
    hidden: null,
  },
};

/** bob appeals the hiding of a PB. */
export const appeal: QueueAppeal = {
  id: 'ap-1',
  userId: 'u2',
  username: 'bob',
  message: 'That is me in the video.',
  createdAt: '2026-03-15T12:00:00.000Z',
  decision: auditEntry({ id: 'act-7' }),
};
