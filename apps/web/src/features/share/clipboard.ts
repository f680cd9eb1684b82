/** Puts `text` on the clipboard, or throws when the browser will not. */
export async function copyToClipboard(text: string): Promise<void> {
  // Missing outside secure contexts: that is a failure to copy like any other.
  if (typeof navigator.clipboard === 'undefined') throw new Error('No clipboard');
  await navigator.clipboard.writeText(text);
}
