// The load generators the public-profile bench can drive: wrk (the default) and autocannon.
//
// wrk, from Debian's packages (`apt-get install -y wrk`), parses each answer and counts its bytes;
// autocannon 9 appends every body to a JavaScript string, which on this bench cost it more CPU
// per 62 KB page (45 µs) or 11 KB brotli page (157 µs, the binary body going through V8's slow
// UTF-8 path) than the server spent making it. On 2 cores the generator and the server share the
// machine, so that cost came out of the page's rate. BENCH_LOAD=autocannon measures with
// autocannon, to compare with figures taken before the switch
// (docs/decisions/0012-wrk-drives-the-bench.md).
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { cpuSeconds } from './harness.mjs';

/**
 * Latency samples: how many had each latency, in microseconds.
 * @typedef {Map<number, number>} Histogram
 */

/**
 * @typedef {{ requests: number, seconds: number, latencyUs: Histogram, errors: number,
 *   generatorCpuSeconds: number }} LoadResult
 */

/**
 * `histograms` added up into one.
 * @param {Histogram[]} histograms
 * @returns {Histogram}
 */
export function mergeHistograms(histograms) {
  const merged = new Map();
  for (const histogram of histograms) {
    for (const [us, count] of histogram) merged.set(us, (merged.get(us) ?? 0) + count);
  }
  return merged;
}

/**
 * The `p`th percentile of a histogram, in milliseconds: the least latency at or below which at
 * least `p` percent of the samples lie (nearest rank; 0 for no samples).
 * @param {Histogram} histogram
 * @param {number} p
 * @returns {number}
 */
export function percentileMs(histogram, p) {
  const values = [...histogram.keys()].sort((a, b) => a - b);
  const total = values.reduce((sum, us) => sum + histogram.get(us), 0);
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (const us of values) {
    seen += histogram.get(us);
    if (seen >= rank) return us / 1000;
  }
  return 0;
}

/** The generator named by BENCH_LOAD (wrk unless it says autocannon), checked to be there. */
export function chooseLoadGenerator(env = process.env) {
  if (env.BENCH_LOAD === 'autocannon') return { name: 'autocannon 9', run: autocannonLoad };
  if (env.BENCH_LOAD && env.BENCH_LOAD !== 'wrk') {
    throw new Error(`BENCH_LOAD=${env.BENCH_LOAD}: expected wrk or autocannon`);
  }
  let banner;
  try {
    banner = execFileSync('wrk', ['-v'], { encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    // wrk -v prints its version and exits 1; only a missing binary is an error.
    if (error.code === 'ENOENT') {
      throw new Error(
        'wrk is not installed: apt-get install -y wrk (or BENCH_LOAD=autocannon to use autocannon)',
      );
    }
    banner = String(error.stdout ?? '');
  }
  const version = /\d+\.\d+(?:\.\d+)?/.exec(banner)?.[0];
  return { name: version ? `wrk ${version}` : 'wrk', run: wrkLoad };
}

/**
 * Runs autocannon in this process for `seconds` with `connections`; its CPU is this process's.
 * Its latencies are each response's own time, not corrected for coordinated omission as wrk's
 * are, and keeping them costs this process a map update per response.
 */
export function autocannonLoad({ url, connections, seconds, headers = {} }) {
  const before = cpuSeconds(process.pid) ?? 0;
  const latencyUs = new Map();
  return new Promise((done, fail) => {
    const run = autocannon({ url, connections, duration: seconds, headers }, (err, r) => {
      if (err) return fail(err);
      done({
        requests: r.requests.total,
        // autocannon counts whole seconds; its own elapsed time gives the rate.
        seconds: r.duration,
        latencyUs,
        errors: r.errors + r.non2xx,
        generatorCpuSeconds: (cpuSeconds(process.pid) ?? 0) - before,
      });
    });
    run.on('response', (_client, _status, _bytes, ms) => {
      const us = Math.round(ms * 1000);
      latencyUs.set(us, (latencyUs.get(us) ?? 0) + 1);
    });
  });
}

/** Prints wrk's histogram after its report (wrk-latency.lua). */
const HISTOGRAM_SCRIPT = join(import.meta.dirname, 'wrk-latency.lua');

/**
 * Runs wrk (one thread, `connections` connections) for `seconds`. It runs under a shell that
 * prints its own /proc stat after wrk has exited: a waited-for child's CPU time is in the
 * parent's cutime and cstime, which is the only place it can still be read.
 */
export function wrkLoad({ url, connections, seconds, headers = {} }) {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '-s', HISTOGRAM_SCRIPT];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const script = 'wrk "$@" || exit $?; echo; cat /proc/$$/stat';
  return new Promise((done, fail) => {
    const child = spawn('sh', ['-c', script, 'wrk', ...args, url], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (out += chunk));
    child.once('error', fail);
    child.once('close', (code) => {
      if (code !== 0) return fail(new Error(`wrk exited with ${code}:\n${out}`));
      try {
        done(parseWrk(out));
      } catch (error) {
        fail(error);
      }
    });
  });
}

/**
 * wrk's report, then the shell's /proc stat line, as a LoadResult. The elapsed time is taken as
 * requests over wrk's requests per second: the report prints it to two decimals (or in minutes
 * past a minute), too coarse for one-second slices. Its latencies are corrected for coordinated
 * omission (wrk adds the samples a stalled connection kept from being sent), so its p99 reads
 * higher than autocannon's for the same run.
 */
export function parseWrk(out) {
  const total = /(\d+) requests in /.exec(out);
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(out);
  const stat = /^\d+ \([^)]*\) (.*)$/m.exec(out);
  const histogram = /^latency-histogram\n([\d \n]*)latency-histogram-end$/m.exec(out);
  if (!total || !rate || !stat || !histogram) {
    throw new Error(`could not read wrk's report:\n${out}`);
  }
  const latencyUs = new Map();
  for (const line of histogram[1].split('\n')) {
    const [us, count] = line.split(' ').map(Number);
    if (count) latencyUs.set(us, count);
  }
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  // After the name: state is field 0, so cutime and cstime (fields 16 and 17 of stat) are 13, 14.
  const fields = stat[1].split(' ');
  const ticks = Number(fields[13]) + Number(fields[14]);
  const requests = Number(total[1]);
  return {
    requests,
    // A run that answered nothing has no rate; its zero requests then count over no time.
    seconds: requests > 0 ? requests / Number(rate[1]) : 0,
    latencyUs,
    errors: non2xx + socketErrors,
    generatorCpuSeconds: ticks / 100,
  };
}

// Run on its own (`npm run bench` does, first), it says which generator the bench will use, or
// fails before the build and the upload bench rather than after them.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(`public-profile load generator: ${chooseLoadGenerator().name}`);
}
