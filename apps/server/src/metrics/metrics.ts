import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { JobOutcome } from '../jobs/jobs.js';

/** Where a job queue's depth is read at each scrape (the runner this process runs, if any). */
export type QueueDepth = () => Promise<{ queued: number; running: number; parked: number }>;

/**
 * The process's Prometheus metrics: Node's own (memory, event loop, GC), HTTP request durations
 * by route, and the job queue's depth, durations and outcomes by kind. One registry per app, so
 * tests that build several apps in one process do not share counters.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requestSeconds = new Histogram({
    name: 'pbshare_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10, 60],
    registers: [this.registry],
  });
  private readonly jobSeconds = new Histogram({
    name: 'pbshare_job_duration_seconds',
    help: 'Time one attempt of a background job took, by kind and outcome',
    labelNames: ['kind', 'outcome'] as const,
    buckets: [0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 600],
    registers: [this.registry],
  });
  private readonly jobFailures = new Counter({
    name: 'pbshare_job_failures_total',
    help: 'Failed attempts of background jobs, by kind and whether the job was parked',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });

  /** Counts each byte once as it is stored: a resumed upload that re-sent nothing adds its size. */
  private readonly uploadBytes = new Counter({
    name: 'pbshare_upload_bytes_received_total',
    help: 'Bytes of resumable uploads received and stored',
    registers: [this.registry],
  });

  constructor(depth?: QueueDepth) {
    collectDefaultMetrics({ register: this.registry });
    if (depth) {
      new Gauge({
        name: 'pbshare_jobs',
        help: 'Background jobs by state: waiting, running, parked after failing every attempt',
        labelNames: ['state'] as const,
        registers: [this.registry],
        async collect() {
          const now = await depth();
          this.set({ state: 'queued' }, now.queued);
          this.set({ state: 'running' }, now.running);
          this.set({ state: 'parked' }, now.parked);
        },
      });
    }
  }

  request(method: string, route: string, statusCode: number, seconds: number): void {
    const status = `${String(statusCode).charAt(0)}xx`;
    this.requestSeconds.observe({ method, route, status }, seconds);
  }

  readonly uploadStored = (bytes: number): void => {
    this.uploadBytes.inc(bytes);
  };

  readonly job = (outcome: JobOutcome): void => {
    this.jobSeconds.observe(
      { kind: outcome.kind, outcome: outcome.outcome },
      outcome.durationMs / 1000,
    );
    if (outcome.outcome !== 'done') {
      this.jobFailures.inc({ kind: outcome.kind, outcome: outcome.outcome });
    }
  };
}
