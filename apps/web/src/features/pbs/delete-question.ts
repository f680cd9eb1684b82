import { recordText, type PbRecord, type PersonalBest } from '@pbshare/shared';

import { cardWithout } from './without-records';

export interface DeleteQuestion {
  title: string;
  description: string;
}

/**
 * What the delete dialog asks for one record of a card, saying what heads the card afterwards
 * (docs/PRODUCT.md §3, Current PB): the best of the records left, which a history record's
 * going can change too, when it was the newest and so decided what is measured.
 */
export function deleteQuestion(pb: PersonalBest, record: PbRecord): DeleteQuestion {
  const isHeadline = record.id === pb.id;
  const after = cardWithout(pb, record.id);
  if (!after) {
    return {
      title: `Delete ${pb.title}?`,
      description: 'It has no other records, so the exercise goes too.',
    };
  }
  const title = isHeadline
    ? `Delete ${recordText(record)}?`
    : `Delete ${recordText(record)} from ${record.date}?`;
  if (after.id !== pb.id) {
    return { title, description: `Your best becomes ${recordText(after)} (${after.date}).` };
  }
  return {
    title,
    description: `It leaves your ${pb.title} history; your best stays ${recordText(pb)}.`,
  };
}
