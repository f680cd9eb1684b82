// Proves every acknowledged write survived: accounts sign in (verified ones fully), sessions
// still open the profile, PBs are found by their owner and every media file of theirs is served.
import { call } from './http.mjs';

/**
 * @param {string} base
 * @param {{ kind: string, account: any, pb?: any }[]} writes
 */
export async function verifyWrites(base, writes) {
  const result = { checked: 0, lost: [], mediaMissing: [], hung: 0 };
  const expect = async (what, res, ok) => {
    if (res.kind === 'hung') result.hung += 1;
    if (res.kind !== 'answer' || !ok(res)) {
      result.lost.push(`${what}: ${res.kind === 'answer' ? res.status : res.kind}`);
      return false;
    }
    return true;
  };

  for (const w of writes) {
    result.checked += 1;
    const { account } = w;
    const client = account.client;
    if (w.kind === 'account' || w.kind === 'verified') {
      const res = await call(base, '/v1/auth/login', {
        method: 'POST',
        client,
        json: { email: account.email, password: account.password },
      });
      // An account that exists answers 200 once verified, 403 before; 401 means it is gone.
      const allowed = w.kind === 'verified' ? [200] : [200, 403];
      await expect(`${w.kind} ${account.email}`, res, (r) => allowed.includes(r.status));
    } else if (w.kind === 'session') {
      const res = await call(base, '/v1/users/profile', {
        client,
        headers: { authorization: `Bearer ${account.token}` },
      });
      await expect(`session of ${account.email}`, res, (r) => r.status === 200);
    } else if (w.kind === 'pb') {
      const res = await call(base, `/v1/pbs/${w.pb.id}`, {
        client,
        headers: { authorization: `Bearer ${account.token}` },
      });
      if (!(await expect(`PB ${w.pb.id}`, res, (r) => r.status === 200))) continue;
      for (const url of w.pb.urls) {
        const media = await call(base, url, { client });
        if (media.kind === 'hung') result.hung += 1;
        if (media.kind !== 'answer' || media.status !== 200 || media.bytes === 0) {
          result.mediaMissing.push(
            `${url}: ${media.kind === 'answer' ? media.status : media.kind}`,
          );
        }
      }
    }
  }
  return result;
}
