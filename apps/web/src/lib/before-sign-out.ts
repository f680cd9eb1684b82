/**
 * Work that must reach the server while the session still holds, run before signing out: a
 * feature registers it here (the PB list's deletes waiting for their Undo), so the sign-out does
 * not need to know the features.
 */
const tasks = new Set<() => Promise<void>>();

/** Registers `task` to run before every sign-out; returns its removal. */
export function beforeSignOut(task: () => Promise<void>): () => void {
  tasks.add(task);
  return () => {
    tasks.delete(task);
  };
}

/** Runs every registered task; a failed one does not stop the sign-out. */
export async function runBeforeSignOut(): Promise<void> {
  await Promise.allSettled([...tasks].map((task) => task()));
}
