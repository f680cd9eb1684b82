// Simulated users who sign up, verify through the outbox, sign in and log PBs with a photo, as
// fast as the server lets them. Every write whose 2xx answer arrived is recorded: after a crash,
// each of those must still be there. Writes whose answer never came may or may not exist.
import { randomBytes } from 'node:crypto';
import { call, verificationToken } from './http.mjs';

/** How long a writer waits for an acknowledged sign-up's verification mail. */
const MAIL_WAIT_MS = 15_000;

const TITLES = ['Deadlift', 'Back Squat', 'Bench Press'];
/** After this many PBs a writer signs up afresh, so sign-ups keep landing near the kills too. */
const PBS_PER_ACCOUNT = 6;

export class Ledger {
  /** @type {{ kind: string, account: object, pb?: object }[]} */
  acknowledged = [];
  hung = 0;
  dropped = 0;
  /** Answers that were neither success nor an expected refusal: 5xx and surprises. */
  unexpected = [];

  ack(kind, account, pb) {
    this.acknowledged.push({ kind, account: { ...account }, pb });
  }
}

function newAccount(clientId) {
  const tag = randomBytes(5).toString('hex');
  return {
    email: `soak-${tag}@example.com`,
    password: `soak-password-${tag}`,
    displayName: `soak${tag}`,
    client: clientId,
    verified: false,
    token: undefined,
  };
}

/** One simulated user: runs steps until `stop()` says the cycle is over. */
export async function runWriter({ server, dataDir, clientId, ledger, image, stop, state }) {
  while (!stop()) {
    const outcome = await step(server.base, dataDir, clientId, ledger, image, state);
    if (outcome === 'dropped') {
      ledger.dropped += 1;
      return;
    }
    if (outcome === 'hung') {
      ledger.hung += 1;
      return;
    }
  }
}

function record(ledger, what, answer) {
  if (answer.kind !== 'answer') return answer.kind;
  ledger.unexpected.push(`${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
  return 'unexpected';
}

async function step(base, dataDir, clientId, ledger, image, state) {
  const opts = { client: clientId };
  if (!state.account) {
    const account = newAccount(clientId);
    const res = await call(base, '/v1/auth/register', {
      ...opts,
      method: 'POST',
      json: { email: account.email, password: account.password, displayName: account.displayName },
    });
    if (res.kind === 'answer' && res.status === 201) {
      state.account = account;
      ledger.ack('account', account);
      return 'ok';
    }
    return record(ledger, 'register', res);
  }
  const account = state.account;
  if (!account.verified) {
    const token = verificationToken(dataDir, account.email);
    // Mail leaves from a durable job after the 201 (so the answer says nothing about who has an
    // account); after a kill it goes once the job's lease runs out. Until then this writer waits,
    // and gives the account up after MAIL_WAIT_MS rather than stall the run.
    if (!token) {
      account.mailWaitSince ??= Date.now();
      if (Date.now() - account.mailWaitSince > MAIL_WAIT_MS) state.account = undefined;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return 'ok';
    }
    const res = await call(base, `/v1/auth/verify?token=${token}`, opts);
    if (res.kind === 'answer' && res.status === 200) {
      account.verified = true;
      ledger.ack('verified', account);
      return 'ok';
    }
    // A verification whose answer was lost may have happened; this account's fate is unknown.
    if (res.kind === 'answer') state.account = undefined;
    return res.kind === 'answer' && res.status === 400 ? 'ok' : record(ledger, 'verify', res);
  }
  if (!account.token) {
    const res = await call(base, '/v1/auth/login', {
      ...opts,
      method: 'POST',
      json: { email: account.email, password: account.password },
    });
    if (res.kind === 'answer' && res.status === 200) {
      account.token = res.body.data.accessToken;
      ledger.ack('session', account);
      return 'ok';
    }
    return record(ledger, 'login', res);
  }
  const n = (state.pbs = (state.pbs ?? 0) + 1);
  if (n > PBS_PER_ACCOUNT) {
    state.account = undefined;
    state.pbs = 0;
    return 'ok';
  }
  const form = new FormData();
  const fields = {
    title: TITLES[n % TITLES.length],
    category: 'Weight Training',
    value: `${100 + n} kg`,
    date: '2026-01-15',
    sets: '1',
    reps: '1',
    story: `soak record ${n} of ${account.email}`,
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([image], { type: 'image/jpeg' }), 'pb.jpg');
  const res = await call(base, '/v1/pbs', {
    ...opts,
    method: 'POST',
    headers: { authorization: `Bearer ${account.token}` },
    form,
  });
  if (res.kind === 'answer' && res.status === 201) {
    const pb = res.body.data;
    ledger.ack('pb', account, {
      id: pb.id,
      urls: [pb.media.url, pb.media.cardUrl, pb.media.fullUrl, pb.media.posterUrl].filter(Boolean),
    });
    return 'ok';
  }
  return record(ledger, 'create PB', res);
}
