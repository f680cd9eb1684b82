import { describe, expect, it, vi } from 'vitest';

import { callsTo, stubApi } from '@/test/api-stub';
import { storyImage } from './story-image';

const PATH = '/v1/pbs/pb-1/story.jpg';
const fetchImage = () => fetch(PATH);
const KEY = `GET ${PATH}`;
const jpegBytes = new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);

function jpegAnswer() {
  return new Response(jpegBytes, { headers: { 'Content-Type': 'image/jpeg' } });
}

describe('storyImage', () => {
  it('fetches the image once, as a named JPEG file', async () => {
    const requests = stubApi({ [KEY]: jpegAnswer });
    const image = storyImage(fetchImage, 'pbshare-ada-deadlift.jpg');
    expect(image.ready).toBe(false);

    const [first, second] = await Promise.all([image.load(), image.load()]);
    expect(first).toBeInstanceOf(File);
    expect(first?.name).toBe('pbshare-ada-deadlift.jpg');
    expect(first?.type).toBe('image/jpeg');
    expect(first?.size).toBe(jpegBytes.length);
    expect(second).toBe(first);
    expect(image.ready).toBe(true);
    expect(await image.load()).toBe(first);
    expect(callsTo(requests, KEY)).toHaveLength(1);
  });

  it('answers null for a refused image, and asks again next time', async () => {
    const requests = stubApi({ [KEY]: () => new Response('gone', { status: 404 }) });
    const image = storyImage(fetchImage, 'pb.jpg');
    expect(await image.load()).toBeNull();
    expect(image.ready).toBe(false);

    stubApi({ [KEY]: jpegAnswer });
    expect(await image.load()).toBeInstanceOf(File);
    expect(callsTo(requests, KEY)).toHaveLength(1);
  });

  it('answers null for something that is not an image', async () => {
    stubApi({ [KEY]: () => new Response('<html>', { headers: { 'Content-Type': 'text/html' } }) });
    expect(await storyImage(fetchImage, 'pb.jpg').load()).toBeNull();
  });

  it('answers null when the network fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubApi({ [KEY]: () => Response.error() });
    expect(await storyImage(fetchImage, 'pb.jpg').load()).toBeNull();
    expect(warn).toHaveBeenCalledWith('Could not fetch the story image', expect.anything());
  });
});
