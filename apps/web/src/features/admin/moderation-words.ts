import type { AuditEntry } from '@pbshare/shared';

/** What an audit entry records, as the log reads it: the action and whether it was on a PB. */
export function actionLabel({ action, exerciseId }: Pick<AuditEntry, 'action' | 'exerciseId'>) {
  const onPb = exerciseId !== null;
  switch (action) {
    case 'dismiss':
      return onPb ? 'Dismissed reports of a PB' : 'Dismissed reports of the profile';
    case 'hide-pb':
      return 'Hid a PB';
    case 'suspend':
      return 'Suspended the profile';
    case 'restore':
      return onPb ? 'Restored a PB' : 'Lifted the suspension';
    case 'delete':
      return onPb ? 'Deleted a PB' : 'Deleted the profile';
  }
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** 'Mar 14, 2026, 10:00 AM': moderators need the time of day, not only the date. */
export function formatWhen(iso: string): string {
  return dateTime.format(new Date(iso));
}
