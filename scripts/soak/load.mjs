// The load run: many connections at once against a mix of public and signed-in reads with a few
// writes, on a server that already holds the crash run's data. Reports what a user would feel.
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { call, verificationToken } from './http.mjs';
import { startServer } from './server.mjs';

async function signedInAthlete(base, dataDir) {
  const tag = randomBytes(4).toString('hex');
  const account = {
    email: `load-${tag}@example.com`,
    password: `load-password-${tag}`,
    displayName: `load${tag}`,
  };
  const must = (what, res, status) => {
    if (res.kind !== 'answer' || res.status !== status) {
      throw new Error(`load setup: ${what} answered ${res.status ?? res.kind}`);
    }
    return res.body;
  };
  must('register', await call(base, '/v1/auth/register', { method: 'POST', json: account }), 201);
  // The mail leaves from a job after the answer; on a busy machine, after the crash run's own
  // leftover jobs have been taken back from the processes it killed.
  let token = verificationToken(dataDir, account.email);
  for (let waited = 0; !token && waited < 90_000; waited += 200) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    token = verificationToken(dataDir, account.email);
  }
  if (!token) throw new Error('load setup: no verification mail within 90 s');
  must('verify', await call(base, `/v1/auth/verify?token=${token}`), 200);
  const login = must(
    'login',
    await call(base, '/v1/auth/login', { method: 'POST', json: account }),
    200,
  );
  return { ...account, authorization: `Bearer ${login.data.accessToken}` };
}

function multipartBody(fields, image) {
  const boundary = `----soak${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const body = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pb.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * @param {{ dataDir: string, port: number, seconds: number, connections: number }} options
 */
export async function loadRun({ dataDir, port, seconds, connections }) {
  const server = await startServer({ dataDir, port, jwtSecret: randomBytes(32).toString('hex') });
  try {
    const athlete = await signedInAthlete(server.base, dataDir);
    const auth = { authorization: athlete.authorization };
    const image = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#16a34a' },
    })
      .jpeg()
      .toBuffer();
    const upload = multipartBody(
      { title: 'Deadlift', category: 'Weight Training', value: '180 kg', date: '2026-01-10' },
      image,
    );
    const first = await call(server.base, '/v1/pbs', {
      method: 'POST',
      headers: { ...auth, 'content-type': upload.contentType },
      form: upload.body,
    });
    if (first.kind !== 'answer' || first.status !== 201) {
      throw new Error(`load setup: create PB answered ${first.status ?? first.kind}`);
    }
    const pb = first.body.data;

    const json = (method, path, body) => ({
      method,
      path,
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    // Weighted like a day of traffic: mostly public pages and one's own list, some writes.
    const mix = [
      [6, () => ({ method: 'GET', path: `/v1/pbs/user/${athlete.displayName}` })],
      [3, () => ({ method: 'GET', path: `/${athlete.displayName}` })],
      [3, () => ({ method: 'GET', path: pb.media.cardUrl ?? pb.media.url })],
      [1, () => ({ method: 'GET', path: '/v1/app-config' })],
      [4, () => ({ method: 'GET', path: '/v1/pbs', headers: auth })],
      [2, () => ({ method: 'GET', path: '/v1/users/profile', headers: auth })],
      [1, () => json('PATCH', '/v1/pbs/visibility', { id: pb.id, isVisible: Math.random() < 0.5 })],
      [1, () => json('PUT', '/v1/users', { bio: `bio ${randomBytes(4).toString('hex')}` })],
      [
        0.2,
        () => ({
          method: 'POST',
          path: '/v1/pbs',
          headers: { ...auth, 'content-type': upload.contentType },
          body: upload.body,
        }),
      ],
    ];
    const total = mix.reduce((sum, [w]) => sum + w, 0);
    const pick = () => {
      let r = Math.random() * total;
      for (const [w, make] of mix) {
        r -= w;
        if (r <= 0) return make();
      }
      return mix[0][1]();
    };

    const result = await new Promise((done, fail) => {
      autocannon(
        {
          url: server.base,
          connections,
          duration: seconds,
          timeout: 10,
          requests: [{ setupRequest: (req) => ({ ...req, ...pick() }) }],
        },
        (err, res) => (err ? fail(err) : done(res)),
      );
    });
    return {
      seconds,
      connections,
      requests: result.requests.total,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors,
      non2xx: result.non2xx,
      statuses: Object.fromEntries(
        Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count]),
      ),
      hung: result.timeouts,
    };
  } finally {
    await server.stop();
  }
}
