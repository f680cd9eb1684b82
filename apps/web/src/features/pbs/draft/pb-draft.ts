import { CATEGORIES, UNITS } from '@pbshare/shared';
import { z } from 'zod';

import { sessionStore } from '@/lib/session-store';
import type { PbFormValues } from '../pb-form-values';

/**
 * The add form kept across the upgrade round trip (docs/PRODUCT.md §2). The fields go to this
 * tab's sessionStorage, which outlives the full-page trip to a payment site and back; the picked
 * File cannot be stored, so it stays in this module, which outlives client-side navigation but
 * not a reload.
 */
const KEY = 'pbshare.pbDraft';

const draftSchema = z.object({
  userId: z.string(),
  hadFile: z.boolean(),
  values: z.object({
    category: z.enum(CATEGORIES),
    title: z.string(),
    unit: z.enum(UNITS),
    amount: z.string(),
    hours: z.string(),
    minutes: z.string(),
    seconds: z.string(),
    sets: z.string(),
    reps: z.string(),
    story: z.string(),
    date: z.string(),
    value: z.string(),
  }) satisfies z.ZodType<PbFormValues>,
});

let heldFile: { userId: string; file: File } | undefined;

export interface KeptPbDraft {
  userId: string;
  values: PbFormValues;
  file: File | undefined;
}

export interface RestoredPbDraft {
  values: PbFormValues;
  /** The picked file, when this tab still holds it. */
  file: File | undefined;
  /** A file was picked but did not survive (a reload, a payment site's redirect). */
  fileLost: boolean;
}

export function keepPbDraft({ userId, values, file }: KeptPbDraft): void {
  heldFile = file ? { userId, file } : undefined;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ userId, hadFile: file !== undefined, values }));
  } catch {
    // Storage can be off (private mode): the draft then lives only as long as this page.
  }
}

/** The draft this user kept in this tab; someone else's is dropped, never shown. */
export function readPbDraft(userId: string): RestoredPbDraft | undefined {
  const draft = storedDraft();
  if (!draft) return undefined;
  if (draft.userId !== userId) {
    clearPbDraft();
    return undefined;
  }
  const file = heldFile?.userId === userId ? heldFile.file : undefined;
  return { values: draft.values, file, fileLost: draft.hadFile && !file };
}

export function clearPbDraft(): void {
  heldFile = undefined;
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}

function storedDraft() {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (raw === null) return undefined;
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

// A draft belongs to the session that kept it: any sign-out (here, in another tab, or a refused
// refresh) drops it, so the next person at this browser never sees it.
sessionStore.subscribe(() => {
  if (sessionStore.getToken() === null) clearPbDraft();
});
