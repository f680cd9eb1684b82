/** A PB's story image, fetched on first need and kept once it has arrived. */
export interface StoryImage {
  /** The image as a file, or null when it could not be had (a failure is tried again next time). */
  load(): Promise<File | null>;
  /** Whether the image is already here, so sharing it needs no wait. */
  readonly ready: boolean;
}

/** The story image `fetchImage` answers, saved as `fileName`. */
export function storyImage(fetchImage: () => Promise<Response>, fileName: string): StoryImage {
  let pending: Promise<File | null> | undefined;
  let ready = false;

  async function fetchFile(): Promise<File | null> {
    try {
      const response = await fetchImage();
      const type = response.headers.get('Content-Type')?.split(';')[0]?.trim() ?? '';
      if (!response.ok || !type.startsWith('image/')) return null;
      return new File([await response.arrayBuffer()], fileName, { type });
    } catch (error) {
      console.warn('Could not fetch the story image', error);
      return null;
    }
  }

  return {
    load() {
      pending ??= fetchFile().then((file) => {
        if (file) ready = true;
        else pending = undefined;
        return file;
      });
      return pending;
    },
    get ready() {
      return ready;
    },
  };
}
