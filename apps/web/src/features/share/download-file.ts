/** Hands a URL (a data URL, an object URL) to the browser as a file download. */
export function downloadUrl(href: string, fileName: string) {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** How long an object URL outlives its click: the download reads it after the click returns. */
const OBJECT_URL_LIFETIME_MS = 60_000;

/** Hands a file the page holds to the browser as a download. */
export function downloadFile(file: Blob, fileName: string) {
  const href = URL.createObjectURL(file);
  downloadUrl(href, fileName);
  window.setTimeout(() => {
    URL.revokeObjectURL(href);
  }, OBJECT_URL_LIFETIME_MS);
}
