import type { PublicPb } from '@pbshare/shared';

/**
 * What one slide of the viewer needs. Both a public PB (the public page) and the owner's own
 * PersonalBest (the share preview) have these fields, so either can be passed as it is.
 */
export type StoryPb = Pick<
  PublicPb,
  | 'id'
  | 'title'
  | 'category'
  | 'displayValue'
  | 'sets'
  | 'reps'
  | 'story'
  | 'date'
  | 'achievedOn'
  | 'media'
  | 'newPbUntil'
>;

/** Whose PBs these are, as the viewer's header shows them. */
export interface StoryOwner {
  name: string;
  avatarUrl: string | null;
}
