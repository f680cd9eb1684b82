import { open, type FileHandle } from 'node:fs/promises';

const WINDOW_BYTES = 64 * 1024;

/**
 * Random reads from a file through one cached window, for parsers that hop from header to header
 * of a large file (boxes, EBML elements) and never need the payloads in between.
 */
export class FileWindow {
  private windowStart = 0;
  private window: Buffer = Buffer.alloc(0);

  private constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  static async open(path: string): Promise<FileWindow> {
    const handle = await open(path);
    try {
      return new FileWindow(handle, (await handle.stat()).size);
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  /** Up to `length` bytes at `offset` (fewer at the end of the file). */
  async read(offset: number, length: number): Promise<Buffer> {
    const end = Math.min(offset + length, this.size);
    if (offset >= end) return Buffer.alloc(0);
    if (offset >= this.windowStart && end <= this.windowStart + this.window.length) {
      return this.window.subarray(offset - this.windowStart, end - this.windowStart);
    }
    if (end - offset > WINDOW_BYTES) return this.readDirect(offset, end - offset);
    this.window = await this.readDirect(offset, Math.min(WINDOW_BYTES, this.size - offset));
    this.windowStart = offset;
    return this.window.subarray(0, end - offset);
  }

  close(): Promise<void> {
    return this.handle.close();
  }

  private async readDirect(offset: number, length: number): Promise<Buffer> {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await this.handle.read(buffer, 0, length, offset);
    return buffer.subarray(0, bytesRead);
  }
}

/** A file whose structure cannot be followed: answered as an unreadable video. */
export class MalformedMediaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedMediaError';
  }
}
