import { INLINE_PROFILE_ELEMENT_ID, type PublicProfile } from '@pbshare/shared';

import { testPb } from '../story-viewer/test-pbs';

/** A public profile as GET /v1/pbs/user/{username} answers it, for tests. */
export const sampleProfile: PublicProfile = {
  user: { displayName: 'Ada', bio: 'Lifts things.', profileImage: null },
  pbs: [testPb(1), testPb(2)].map((pb) => ({
    id: pb.id,
    title: pb.title,
    category: pb.category,
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
  })),
};

/** Puts the server's inline element into the head, as GET /{username} does. */
export function inlineElement(text: string): HTMLScriptElement {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = INLINE_PROFILE_ELEMENT_ID;
  script.textContent = text;
  document.head.append(script);
  return script;
}
