import { recordStanding, splitHeadline, type PbRecord, type PersonalBest } from '@pbshare/shared';

/** The headline's own record, without the fields the card adds. */
function headlineRecordOf(pb: PersonalBest): PbRecord {
  return {
    id: pb.id,
    value: pb.value,
    displayValue: pb.displayValue,
    amount: pb.amount,
    unit: pb.unit,
    date: pb.date,
    achievedOn: pb.achievedOn,
    sets: pb.sets,
    reps: pb.reps,
    story: pb.story,
    image: pb.image,
    mediaType: pb.mediaType,
    media: pb.media,
    createdAt: pb.createdAt,
  };
}

/**
 * The card of these records as the server would answer it (docs/PRODUCT.md §3, Current PB and
 * Comparison): the headline by the shared rule, measured against the best of its kind before it.
 */
function cardOf(pb: PersonalBest, records: PbRecord[]): PersonalBest | undefined {
  const split = splitHeadline(pb.category, records);
  if (!split) return undefined;
  const { current, history } = split;
  return {
    ...current,
    exerciseId: pb.exerciseId,
    title: pb.title,
    category: pb.category,
    isVisible: pb.isVisible,
    order: pb.order,
    ...recordStanding(pb.category, current, records),
    personalBestHistory: history,
  };
}

/**
 * An exercise's card once `recordId` is gone: another record may head it, or, with no record
 * left, there is no card. A card without that record comes back as it was.
 */
export function cardWithout(pb: PersonalBest, recordId: string): PersonalBest | undefined {
  const records = [headlineRecordOf(pb), ...pb.personalBestHistory];
  if (!records.some((record) => record.id === recordId)) return pb;
  return cardOf(
    pb,
    records.filter((record) => record.id !== recordId),
  );
}

/**
 * The list as it will be once these records are deleted, every card in its place: what /profile
 * shows while a delete waits for its Undo to pass.
 */
export function withoutRecords(
  list: readonly PersonalBest[],
  recordIds: ReadonlySet<string>,
): PersonalBest[] {
  if (recordIds.size === 0) return [...list];
  return list.flatMap((pb) => {
    let card: PersonalBest | undefined = pb;
    for (const id of recordIds) card = card && cardWithout(card, id);
    return card ? [card] : [];
  });
}
