import type { ModerationActionInput, QueueAppeal, QueueItem } from '@pbshare/shared';

/** One action a moderator may take, as its button offers it and its dialog asks about it. */
export interface ActionRequest {
  /** The button's words. */
  label: string;
  /** The call, all but the reason the dialog asks for. */
  input: Omit<ModerationActionInput, 'reason'>;
  title: string;
  /** What happens, said before it does. */
  description: string;
  /** Deleting asks for the username typed out, so a slip of the hand cannot delete. */
  confirmUsername?: string;
  tone: 'plain' | 'destructive';
}

const MAILED = 'The owner is e-mailed the reason and how to appeal.';

/**
 * The actions on one queue item. A PB item acts on the PB, and on the whole profile for
 * suspending; Restore lifts what is in force (the PB's hiding, the suspension), named apart
 * when both are.
 */
export function itemActions(item: QueueItem): ActionRequest[] {
  const { userId, username, suspended } = item.profile;
  const pb = item.pb;
  const onPb = pb ? { userId, exerciseId: pb.exerciseId } : { userId };
  const restorePb = pb?.hidden ? pb : null;
  const bothRestores = restorePb !== null && suspended !== null;
  const actions: ActionRequest[] = [
    {
      label: 'Dismiss',
      input: { action: 'dismiss', ...onPb },
      title: 'Dismiss these reports?',
      description: 'The reports are closed and nothing changes for the owner.',
      tone: 'plain',
    },
  ];
  if (pb && !pb.hidden) {
    actions.push({
      label: 'Hide PB',
      input: { action: 'hide-pb', userId, exerciseId: pb.exerciseId },
      title: `Hide ${pb.title}?`,
      description: `It leaves @${username}'s public page until a moderator restores it. ${MAILED}`,
      tone: 'plain',
    });
  }
  if (!suspended) {
    actions.push({
      label: 'Suspend profile',
      input: { action: 'suspend', userId },
      title: `Suspend @${username}?`,
      description: `Nobody can see the public page until a moderator restores it; the owner can still sign in. ${MAILED}`,
      tone: 'plain',
    });
  }
  if (restorePb) {
    actions.push({
      label: bothRestores ? 'Restore PB' : 'Restore',
      input: { action: 'restore', userId, exerciseId: restorePb.exerciseId },
      title: `Restore ${restorePb.title}?`,
      description:
        'The owner can show it on the public page again. The owner is e-mailed the reason.',
      tone: 'plain',
    });
  }
  if (suspended) {
    actions.push({
      label: bothRestores ? 'Restore profile' : 'Restore',
      input: { action: 'restore', userId },
      title: `Lift the suspension of @${username}?`,
      description: 'The public page is back for everyone. The owner is e-mailed the reason.',
      tone: 'plain',
    });
  }
  actions.push(
    pb
      ? {
          label: 'Delete PB',
          input: { action: 'delete', userId, exerciseId: pb.exerciseId },
          title: `Delete ${pb.title}?`,
          description: `The PB, its records and their photos and videos are deleted for good. ${MAILED}`,
          confirmUsername: username,
          tone: 'destructive',
        }
      : {
          label: 'Delete profile',
          input: { action: 'delete', userId },
          title: `Delete @${username}?`,
          description:
            'The account, its PBs and their photos and videos are deleted for good, once the owner is e-mailed the reason.',
          confirmUsername: username,
          tone: 'destructive',
        },
  );
  return actions;
}

/**
 * The answers to an appeal: restore what the decision did, or keep it (a dismissal that closes
 * the appeal). A deletion cannot be undone, so it can only be kept.
 */
export function appealActions({ id, userId, username, decision }: QueueAppeal): ActionRequest[] {
  const target = {
    userId,
    ...(decision.exerciseId === null ? {} : { exerciseId: decision.exerciseId }),
    appealId: id,
  };
  const actions: ActionRequest[] = [];
  if (decision.action === 'hide-pb' || decision.action === 'suspend') {
    actions.push({
      label: 'Restore',
      input: { action: 'restore', ...target },
      title:
        decision.action === 'suspend' ? `Lift the suspension of @${username}?` : 'Restore the PB?',
      description:
        'The appeal is granted and the decision undone. The owner is e-mailed the reason.',
      tone: 'plain',
    });
  }
  actions.push({
    label: 'Keep the decision',
    input: { action: 'dismiss', ...target },
    title: 'Keep the decision?',
    description: 'The appeal is closed and the decision stays.',
    tone: 'plain',
  });
  return actions;
}
