import { startS3Peer } from '../../apps/server/src/test/s3-peer.js';
import { startFleet } from '../../scripts/fleet/fleet.mjs';

const BUCKET = 'pbshare-fleet';

/**
 * Starts the fleet (scripts/fleet/fleet.mjs) with a local S3 peer for its bucket, and hands the
 * specs its addresses through the environment; the returned teardown prints the run's figures.
 * The peer runs in this process: s3rver needs OpenSSL's legacy provider only to page through
 * listings of over 1,000 objects, far more than a run makes.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const s3 = await startS3Peer([BUCKET]);
  const settings = s3.config(BUCKET);
  const fleet = await startFleet({
    bucket: {
      bucket: settings.bucket,
      region: settings.region,
      endpoint: settings.endpoint ?? '',
      accessKeyId: settings.accessKeyId ?? '',
      secretAccessKey: settings.secretAccessKey ?? '',
    },
  }).catch(async (err: unknown) => {
    await s3.close();
    throw err;
  });
  Object.assign(process.env, fleet.testEnvironment, {
    // The bucket itself, for checks that an object is there (s3rver answers unsigned reads).
    FLEET_BUCKET_URL: `${settings.endpoint ?? ''}/${settings.bucket}`,
  });

  return async () => {
    await fleet.stop();
    await s3.close();
  };
}
