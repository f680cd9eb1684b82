import type * as Tus from 'tus-js-client';
import { describe, expect, it, vi } from 'vitest';

import { callsTo, fail, inTurn, jsonResponse, networkError, stubApi } from '@/test/api-stub';
import type { StubHandler, StubRequest } from '@/test/api-stub';
import { expectApiError } from '@/test/expect-api-error';
import { refreshed, sessionOver, storeWith } from '@/test/test-session';
import { createApiClient } from './api-client';
import { CHUNK_SIZE, uploadFingerprint, uploadResumably } from './resumable-upload';

/** The size of each request body tus-js-client sent, in order. */
const sentSizes = vi.hoisted(() => [] as number[]);

/**
 * Vitest loads a package as Node would, which picks tus-js-client's Node build (it reads files
 * from disk); the app, built for browsers, gets the browser build, which these tests run. Its
 * requests note their body's size: MSW under jsdom passes a Blob body on as the text 'undefined'.
 */
vi.mock('tus-js-client', async () => {
  const tus = await vi.importActual<typeof Tus>('tus-js-client/lib.es5/browser/index.js');
  class MeasuringStack extends tus.DefaultHttpStack {
    override createRequest(method: string, url: string): Tus.HttpRequest {
      const request = super.createRequest(method, url);
      const send = request.send.bind(request);
      request.send = (body: unknown) => {
        sentSizes.push(body instanceof Blob ? body.size : 0);
        return send(body);
      };
      return request;
    }
  }
  class Upload extends tus.Upload {
    constructor(file: File, options: Tus.UploadOptions) {
      super(file, { ...options, httpStack: new MeasuringStack({}) });
    }
  }
  return { ...tus, Upload };
});

const UPLOAD = '/v1/uploads/up1';

/** A picked video of `size` bytes. */
function video(size = 100, name = 'clip.mp4') {
  return new File(['a'.repeat(size)], name, { type: 'video/mp4', lastModified: 1_700_000_000 });
}

/** No answer yet, nor ever: a request still on the wire when the page goes away. */
const never = () => new Promise<Response>(() => undefined);

/**
 * A tus server in miniature holding one upload, 'up1': it stores what a PATCH sends at the
 * offset it names. `store(n)` stores n more bytes, as a request cut off mid-way leaves them.
 */
function tusServer() {
  const state = { offset: 0, length: 0 };
  const headers = () => ({
    'Tus-Resumable': '1.0.0',
    'Upload-Offset': String(state.offset),
    'Upload-Length': String(state.length),
  });
  const patch: StubHandler = ({ headers: sent }) => {
    if (Number(sent.get('Upload-Offset')) !== state.offset) {
      return jsonResponse(
        { success: false, message: 'Wrong offset', data: null, status: 409 },
        409,
      );
    }
    state.offset += sentSizes.at(-1) ?? 0;
    return new Response(null, { status: 204, headers: headers() });
  };
  return {
    state,
    create: (({ headers: sent }) => {
      state.length = Number(sent.get('Upload-Length'));
      return new Response(null, {
        status: 201,
        headers: { 'Tus-Resumable': '1.0.0', Location: UPLOAD },
      });
    }) satisfies StubHandler,
    head: (() => new Response(null, { status: 200, headers: headers() })) satisfies StubHandler,
    patch,
    /** Stores n bytes of the chunk, then answers as `then` says (no answer, by default). */
    store:
      (n: number, then: () => Response | Promise<Response> = never): StubHandler =>
      () => {
        state.offset += n;
        return then();
      },
    terminate: (() => new Response(null, { status: 204 })) satisfies StubHandler,
  };
}

type Tus = ReturnType<typeof tusServer>;

/** The API with `tus` behind /v1/uploads (`overrides` replacing its handlers), and a session. */
function setup(tus: Tus, overrides: Record<string, StubHandler> = {}) {
  const session = sessionOver(storeWith('old-token'));
  const requests = stubApi({
    'POST /v1/uploads': tus.create,
    [`HEAD ${UPLOAD}`]: tus.head,
    [`PATCH ${UPLOAD}`]: tus.patch,
    [`DELETE ${UPLOAD}`]: tus.terminate,
    'POST /v1/auth/refresh': () => refreshed(),
    ...overrides,
  });
  return { client: createApiClient({ session }), session, requests };
}

/** Says the browser is online until `check` passes: skips the backoff waits. */
async function whileOnline(check: () => void) {
  await vi.waitFor(() => {
    window.dispatchEvent(new Event('online'));
    check();
  });
}

const patches = (requests: StubRequest[]) => callsTo(requests, `PATCH ${UPLOAD}`);
const storedUploads = () => Object.keys(localStorage).filter((key) => key.startsWith('tus::'));

describe('uploadResumably', () => {
  it('creates the upload, sends it with the token, and resolves with its id', async () => {
    const tus = tusServer();
    const { client, requests } = setup(tus, {
      // The server takes 40 bytes of the first PATCH: the next one goes on from there.
      [`PATCH ${UPLOAD}`]: inTurn(
        tus.store(40, () => ok204(tus)),
        tus.patch,
      ),
    });
    const progress: number[] = [];

    const result = await uploadResumably(video(), {
      userId: 'u1',
      client,
      onProgress: (percent) => progress.push(percent),
    });

    expect(result).toEqual({ uploadId: 'up1' });
    const [create] = callsTo(requests, 'POST /v1/uploads');
    expect(create?.url.href).toBe(`${location.origin}/v1/uploads`);
    expect(create?.headers.get('Upload-Length')).toBe('100');
    expect(create?.headers.get('Upload-Metadata')).toBe(
      `filename ${btoa('clip.mp4')},filetype ${btoa('video/mp4')}`,
    );
    expect(create?.headers.get('Authorization')).toBe('Bearer old-token');
    const sent = patches(requests);
    expect(sent.map((patch) => patch.headers.get('Upload-Offset'))).toEqual(['0', '40']);
    expect(sent[1]?.headers.get('Content-Type')).toBe('application/offset+octet-stream');
    expect(sent[1]?.headers.get('Authorization')).toBe('Bearer old-token');
    expect(progress).toEqual([0, 40, 100]);
    // Finished: a later pick of the same file is a new upload.
    expect(storedUploads()).toEqual([]);
  });

  it('sends 8 MiB at a time', async () => {
    const tus = tusServer();
    const { client, requests } = setup(tus);

    sentSizes.length = 0;

    await uploadResumably(video(CHUNK_SIZE + 10), { userId: 'u1', client });

    expect(CHUNK_SIZE).toBe(8 * 1024 * 1024);
    // The creation, then two PATCHes.
    expect(sentSizes).toEqual([0, CHUNK_SIZE, 10]);
    expect(patches(requests).map((patch) => patch.headers.get('Upload-Offset'))).toEqual([
      '0',
      String(CHUNK_SIZE),
    ]);
  });

  it('waits out a lost connection and goes on from the last byte the server stored', async () => {
    const tus = tusServer();
    const { client, requests } = setup(tus, {
      [`PATCH ${UPLOAD}`]: inTurn(tus.store(40, networkError), tus.patch),
    });
    const lost = vi.fn();
    const resumed = vi.fn();
    const progress: number[] = [];

    const upload = uploadResumably(video(), {
      userId: 'u1',
      client,
      onProgress: (percent) => progress.push(percent),
      onConnectionLost: lost,
      onResumed: resumed,
    });

    await vi.waitFor(() => {
      expect(lost).toHaveBeenCalledTimes(1);
    });
    expect(resumed).not.toHaveBeenCalled();
    // Back online: the server says where it stopped, and the upload goes on from there.
    await whileOnline(() => {
      expect(patches(requests)).toHaveLength(2);
    });
    await expect(upload).resolves.toEqual({ uploadId: 'up1' });
    expect(lost).toHaveBeenCalledTimes(1);
    expect(resumed).toHaveBeenCalledTimes(1);
    expect(callsTo(requests, 'POST /v1/uploads')).toHaveLength(1);
    expect(callsTo(requests, `HEAD ${UPLOAD}`)).toHaveLength(1);
    expect(patches(requests).at(-1)?.headers.get('Upload-Offset')).toBe('40');
    expect(progress).toEqual([0, 40, 100]);
  });

  it('refreshes an expired token and goes on with the same upload', async () => {
    const tus = tusServer();
    const expired = () => fail(401, 'UNAUTHORIZED', 'Session expired');
    const withToken =
      (handler: StubHandler): StubHandler =>
      (request) =>
        request.headers.get('Authorization') === 'Bearer new-token' ? handler(request) : expired();
    const { client, session, requests } = setup(tus, {
      // The token lapses after the upload was created.
      [`HEAD ${UPLOAD}`]: withToken(tus.head),
      [`PATCH ${UPLOAD}`]: withToken(tus.patch),
    });

    await expect(uploadResumably(video(), { userId: 'u1', client })).resolves.toEqual({
      uploadId: 'up1',
    });

    expect(callsTo(requests, 'POST /v1/auth/refresh')).toHaveLength(1);
    expect(session.onRefreshed).toHaveBeenCalledWith('new-token');
    // Never a new upload: a refused HEAD is not an upload the server lost.
    expect(callsTo(requests, 'POST /v1/uploads')).toHaveLength(1);
    expect(patches(requests).at(-1)?.headers.get('Authorization')).toBe('Bearer new-token');
  });

  it('ends with the session when the refresh is refused', async () => {
    const tus = tusServer();
    const { client, session } = setup(tus, {
      'POST /v1/uploads': () => fail(401, 'UNAUTHORIZED', 'Session expired'),
      'POST /v1/auth/refresh': () => fail(401, 'UNAUTHORIZED', 'Refresh token expired'),
    });

    await expectApiError(uploadResumably(video(), { userId: 'u1', client }), {
      status: 401,
      code: 'UNAUTHORIZED',
    });
    expect(session.onSessionEnded).toHaveBeenCalled();
  });

  it('after a reload, goes on with the earlier upload of the same file of the same account', async () => {
    const tus = tusServer();
    const { client, requests } = setup(tus, {
      // The first page is gone while its PATCH was on the wire, 40 bytes stored.
      [`PATCH ${UPLOAD}`]: inTurn(tus.store(40), tus.patch),
    });
    void uploadResumably(video(), { userId: 'u1', client });
    await vi.waitFor(() => {
      expect(tus.state.offset).toBe(40);
    });

    // The same file picked again: another File object, the same name, size, date and type.
    const progress: number[] = [];
    await uploadResumably(video(), {
      userId: 'u1',
      client,
      onProgress: (percent) => progress.push(percent),
    });

    expect(callsTo(requests, 'POST /v1/uploads')).toHaveLength(1);
    expect(patches(requests).at(-1)?.headers.get('Upload-Offset')).toBe('40');
    expect(progress).toEqual([0, 40, 100]);
  });

  it('never goes on with another account’s upload of the same file', async () => {
    const tus = tusServer();
    const { client, requests } = setup(tus, {
      [`PATCH ${UPLOAD}`]: inTurn(tus.store(40), tus.patch),
    });
    void uploadResumably(video(), { userId: 'u1', client });
    await vi.waitFor(() => {
      expect(tus.state.offset).toBe(40);
    });
    tus.state.offset = 0;

    await uploadResumably(video(), { userId: 'u2', client });

    expect(callsTo(requests, 'POST /v1/uploads')).toHaveLength(2);
    expect(callsTo(requests, `HEAD ${UPLOAD}`)).toHaveLength(0);
  });

  it('starts afresh when the server no longer has the earlier upload', async () => {
    const tus = tusServer();
    const { client, requests } = setup(tus, {
      [`PATCH ${UPLOAD}`]: inTurn(tus.store(40), tus.patch),
      [`HEAD ${UPLOAD}`]: () => fail(410, 'NOT_FOUND', 'That upload has expired.'),
    });
    void uploadResumably(video(), { userId: 'u1', client });
    await vi.waitFor(() => {
      expect(tus.state.offset).toBe(40);
    });
    tus.state.offset = 0;

    await expect(uploadResumably(video(), { userId: 'u1', client })).resolves.toEqual({
      uploadId: 'up1',
    });
    expect(callsTo(requests, 'POST /v1/uploads')).toHaveLength(2);
    expect(patches(requests).at(-1)?.headers.get('Upload-Offset')).toBe('0');
  });

  it('on abort, deletes the upload on the server and rejects with an AbortError', async () => {
    const tus = tusServer();
    const { client, requests } = setup(tus, { [`PATCH ${UPLOAD}`]: tus.store(40) });
    const controller = new AbortController();
    const upload = uploadResumably(video(), {
      userId: 'u1',
      client,
      signal: controller.signal,
    });
    await vi.waitFor(() => {
      expect(tus.state.offset).toBe(40);
    });

    controller.abort();

    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
    await vi.waitFor(() => {
      expect(callsTo(requests, `DELETE ${UPLOAD}`)).toHaveLength(1);
    });
    expect(callsTo(requests, `DELETE ${UPLOAD}`)[0]?.headers.get('Authorization')).toBe(
      'Bearer old-token',
    );
    await vi.waitFor(() => {
      expect(storedUploads()).toEqual([]);
    });
  });

  it('stops waiting for the connection on abort', async () => {
    const tus = tusServer();
    const { client } = setup(tus, { [`PATCH ${UPLOAD}`]: networkError });
    const controller = new AbortController();
    const lost = vi.fn();
    const upload = uploadResumably(video(), {
      userId: 'u1',
      client,
      signal: controller.signal,
      onConnectionLost: lost,
    });
    await vi.waitFor(() => {
      expect(lost).toHaveBeenCalled();
    });

    controller.abort();

    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects at once when aborted before it starts', async () => {
    const tus = tusServer();
    const { client, requests } = setup(tus);

    await expect(
      uploadResumably(video(), { userId: 'u1', client, signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(requests).toEqual([]);
  });

  it('fails at once with the server’s message when the file is too large', async () => {
    const tus = tusServer();
    const message = 'Videos can be at most 300 MB.';
    const { client, requests } = setup(tus, {
      'POST /v1/uploads': () =>
        jsonResponse({ success: false, message, data: null, status: 413 }, 413),
    });

    await expectApiError(uploadResumably(video(), { userId: 'u1', client }), {
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message,
    });
    expect(callsTo(requests, 'POST /v1/uploads')).toHaveLength(1);
  });

  it('fails at once when the server lost the upload mid-way', async () => {
    const tus = tusServer();
    const { client, requests } = setup(tus, {
      [`PATCH ${UPLOAD}`]: () => fail(404, 'NOT_FOUND', 'That upload was not found.'),
    });

    await expectApiError(uploadResumably(video(), { userId: 'u1', client }), {
      status: 404,
      message: 'That upload was not found.',
    });
    expect(patches(requests)).toHaveLength(1);
  });

  it.each([
    ['a wrong offset', 409],
    ['too many uploads', 429],
    ['a server error', 503],
  ])('tries again after %s, asking the server where it stands', async (_name, status) => {
    const tus = tusServer();
    const refusal = () =>
      jsonResponse({ success: false, message: 'Later', data: null, status }, status);
    const lost = vi.fn();
    const { client, requests } = setup(tus, {
      [`PATCH ${UPLOAD}`]: inTurn(tus.store(40, refusal), tus.patch),
    });

    const upload = uploadResumably(video(), { userId: 'u1', client, onConnectionLost: lost });
    await whileOnline(() => {
      expect(patches(requests)).toHaveLength(2);
    });

    await expect(upload).resolves.toEqual({ uploadId: 'up1' });
    expect(patches(requests).at(-1)?.headers.get('Upload-Offset')).toBe('40');
    // The server answered: the connection was never lost.
    expect(lost).not.toHaveBeenCalled();
  });

  it('gives up on a server that keeps failing', async () => {
    const tus = tusServer();
    const { client, requests } = setup(tus, {
      [`PATCH ${UPLOAD}`]: () => fail(500, 'INTERNAL_ERROR', 'Something broke'),
    });

    const failure = expectApiError(uploadResumably(video(), { userId: 'u1', client }), {
      status: 500,
      message: 'Something broke',
    });
    await whileOnline(() => {
      expect(patches(requests)).toHaveLength(7);
    });
    await failure;
  });
});

describe('uploadFingerprint', () => {
  it('names the account and the picked file', async () => {
    const file = video();
    const mine = await uploadFingerprint(file, 'u1');
    expect(mine).toBe(`pbshare/u1/clip.mp4/100/1700000000/video%2Fmp4`);
    expect(await uploadFingerprint(video(), 'u1')).toBe(mine);
    expect(await uploadFingerprint(file, 'u2')).not.toBe(mine);
    expect(await uploadFingerprint(video(101), 'u1')).not.toBe(mine);
    expect(await uploadFingerprint(video(100, 'other.mp4'), 'u1')).not.toBe(mine);
  });

  it('names a prepared file by its pick, its size and its bytes', async () => {
    const picked = video(100);
    const prepared = (text: string) => new File([text], 'clip.mp4', { type: 'video/mp4' });

    const first = await uploadFingerprint(prepared('x'.repeat(50)), 'u1', picked);
    expect(first).toMatch(
      /^pbshare\/u1\/clip\.mp4\/100\/1700000000\/video%2Fmp4\/50\/[0-9a-f]{8}$/,
    );
    // Prepared again later, the same bytes: the same upload.
    expect(await uploadFingerprint(prepared('x'.repeat(50)), 'u1', picked)).toBe(first);
    // The same size, other bytes: never continued as the first.
    expect(await uploadFingerprint(prepared('y'.repeat(50)), 'u1', picked)).not.toBe(first);
  });
});

/** A PATCH answer saying the server now holds what it holds. */
function ok204(tus: Tus): Response {
  return new Response(null, {
    status: 204,
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': String(tus.state.offset),
      'Upload-Length': String(tus.state.length),
    },
  });
}
