import type { ModerationQueue, PersonalBest, QueueItem } from '@pbshare/shared';
import type { PbsService } from '../pbs/index.js';
import type { UserDirectory } from '../users/index.js';
import type { ModerationRepository, ReportGroup } from './repository.js';

/** How many profiles and PBs the queue lists at once, the most recently reported first. */
export const QUEUE_ITEMS_MAX = 100;
/** How many of an item's notes it shows, newest first. */
export const QUEUE_NOTES_MAX = 10;

/**
 * The admins' queue: the open reports grouped by profile or PB, with what the admin needs to
 * decide (the picture or video, the reasons and notes, what was decided before), and the open
 * appeals. Never who reported: only counts and notes.
 */
export class ModerationQueueReader {
  constructor(
    private readonly repo: ModerationRepository,
    private readonly users: Pick<UserDirectory, 'findById'>,
    private readonly pbs: Pick<PbsService, 'cardOfExercise'>,
    private readonly mediaUrl: (key: string) => string,
  ) {}

  async queue(): Promise<ModerationQueue> {
    const groups = await this.repo.openReportGroups(QUEUE_ITEMS_MAX);
    const items: QueueItem[] = [];
    // One at a time: a few reads each, for an admin's page, need not take the pool at once.
    for (const group of groups) {
      const item = await this.itemOf(group);
      if (item) items.push(item);
    }
    return { items, appeals: await this.repo.openAppeals() };
  }

  /** Undefined when the account or PB went meanwhile (their reports go with them). */
  private async itemOf(group: ReportGroup): Promise<QueueItem | undefined> {
    const user = await this.users.findById(group.userId);
    const card = group.exerciseId
      ? await this.pbs.cardOfExercise(group.userId, group.exerciseId)
      : undefined;
    if (!user || (group.exerciseId && !card)) return undefined;
    const [reasons, notes, history] = await Promise.all([
      this.repo.reasonsOf(group),
      this.repo.notesOf(group, QUEUE_NOTES_MAX),
      this.repo.historyOf(group.userId),
    ]);
    return {
      key: group.exerciseId ? `${group.userId}:${group.exerciseId}` : group.userId,
      profile: {
        userId: user.id,
        username: user.displayName,
        avatarUrl: user.profileImageKey ? this.mediaUrl(user.profileImageKey) : null,
        suspended: user.suspension,
      },
      pb: card ? pbOf(card) : null,
      reasons,
      total: group.total,
      notes,
      firstReportedAt: group.firstReportedAt,
      lastReportedAt: group.lastReportedAt,
      history,
    };
  }
}

function pbOf(card: PersonalBest): NonNullable<QueueItem['pb']> {
  const isVideo = card.media.type === 'video';
  return {
    exerciseId: card.exerciseId,
    recordId: card.id,
    title: card.title,
    mediaType: card.media.type,
    pictureUrl: isVideo ? card.media.posterUrl : card.media.fullUrl,
    videoUrl: isVideo ? card.media.url : null,
    hidden: card.moderation ?? null,
  };
}
