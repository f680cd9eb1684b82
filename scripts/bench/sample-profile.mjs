// The profile the public-page benchmarks measure: ten PBs with photos and stories, on a Pro
// account (free accounts hold three exercises).
import sharp from 'sharp';
import { signedInAccount } from './harness.mjs';
import { execute } from './large-database.mjs';

/** The name of the benchmarks' sample athlete. */
export const USERNAME = 'Maya.Lifts';

/** Creates USERNAME with a bio and ten PBs on `server`, whose database is `target`. */
export async function profileWithTenPbs(server, target) {
  const auth = await signedInAccount(server, USERNAME);
  // Pro, so ten exercises fit (free accounts hold three): granted by hand, as support would.
  await execute(target, "update users set subscription_tier = 'unlimited'");
  const bio = new FormData();
  bio.append('bio', 'Powerlifter and weekend runner. Four plates, sub-23 5K, and counting.');
  await fetch(`${server.base}/v1/users`, { method: 'PUT', headers: auth, body: bio });
  for (let i = 0; i < 10; i++) {
    const image = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: `hsl(${i * 36}, 70%, 50%)` },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    const fields = {
      title: `Lift ${i + 1}`,
      category: 'Weight Training',
      value: `${200 + i * 10} lbs`,
      sets: '1',
      reps: '1',
      story: 'A story worth telling. '.repeat(8),
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([image], { type: 'image/jpeg' }), 'pb.jpg');
    const res = await fetch(`${server.base}/v1/pbs`, { method: 'POST', headers: auth, body: form });
    if (res.status !== 201) throw new Error(`creating PB ${i + 1} failed: ${res.status}`);
  }
}
