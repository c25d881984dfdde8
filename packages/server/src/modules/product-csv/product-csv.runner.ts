import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { ValidationError } from '@merx/domain';
import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock.js';
import type { RunControl, RunResult } from './product-csv.import.js';
import type { JobRow, ProductCsvRepo } from './product-csv.repo.js';

/*
 * Runs import jobs in the background of the server process, one at a time. A job is taken with a conditional update
 * (product-csv.repo.ts `claim`), so of several processes sharing the database exactly one runs it; the run renews
 * its lease while it works. A process that dies leaves its job RUNNING under a lease that runs out, and whichever
 * process looks next (`kick` after an upload, `start`'s polling) takes it up where its last batch committed.
 */

export interface RunnerOptions {
  repo: ProductCsvRepo;
  clock: Clock;
  run(job: JobRow, control: RunControl): Promise<RunResult>;
  logger?: Logger | undefined;
  /** How long a claim holds without renewal. */
  leaseMs?: number;
  /** Runs of a job before it is given up as FAILED after server errors. */
  maxAttempts?: number;
}

export function createImportRunner(opts: RunnerOptions) {
  const processId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseMs = opts.leaseMs ?? 60_000;
  const maxAttempts = opts.maxAttempts ?? 3;
  const iso = (offsetMs = 0) => new Date(opts.clock.now().getTime() + offsetMs).toISOString();
  let loop: Promise<void> | undefined;
  let again = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;

  async function claimOne(): Promise<JobRow | undefined> {
    const now = iso();
    for (const id of await opts.repo.claimable(now)) {
      const job = await opts.repo.claim(id, processId, now, iso(leaseMs));
      if (job) return job;
    }
    return undefined;
  }

  async function runOne(job: JobRow): Promise<void> {
    let lost = false;
    // The lease is renewed between batches too (image checks may take a while), so it runs out only if we die.
    const heartbeat = setInterval(() => {
      opts.repo.renew(opts.repo.db, job.id, processId, iso(leaseMs)).then(
        (held) => {
          if (!held) lost = true;
        },
        (err: unknown) => opts.logger?.warn({ err, importId: job.id }, 'product import lease renewal failed'),
      );
    }, leaseMs / 4);
    heartbeat.unref();
    const control: RunControl = { processId, leaseUntil: () => iso(leaseMs), shouldStop: () => stopping || lost };
    try {
      const result = await opts.run(job, control);
      if (result === 'done') await opts.repo.finish(job.id, processId, 'DONE', iso());
      else if (result === 'stopped') await opts.repo.release(job.id, processId, iso());
      else opts.logger?.warn({ importId: job.id }, 'product import taken over by another process');
    } catch (err) {
      opts.logger?.error({ err, importId: job.id }, 'product import stopped on an error');
      if (err instanceof ValidationError) {
        await opts.repo.finish(job.id, processId, 'FAILED', iso(), err.message);
      } else if (job.attempts >= maxAttempts) {
        await opts.repo.finish(
          job.id,
          processId,
          'FAILED',
          iso(),
          'the import stopped on a server error (see the server log)',
        );
      } else {
        // Tried again by whichever process looks once the lease has run out.
        await opts.repo.release(job.id, processId, iso(leaseMs / 2)).catch(() => {});
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function work(): Promise<void> {
    while (!stopping) {
      const job = await claimOne();
      if (!job) return;
      await runOne(job);
    }
  }

  return {
    processId,

    /** Looks for a job now (after an upload), unless a look is under way (it looks again when done). */
    kick(): void {
      if (stopping) return;
      if (loop) {
        again = true;
        return;
      }
      loop = (async () => {
        do {
          again = false;
          try {
            await work();
          } catch (err) {
            opts.logger?.error({ err }, 'product import runner failed');
          }
        } while (again && !stopping);
      })().finally(() => {
        loop = undefined;
      });
    },

    /** Resolves when no job is running here. */
    async idle(): Promise<void> {
      while (loop) await loop;
    },

    /** Polls for jobs (queued elsewhere, or left by a process that died). */
    start(pollMs = 5_000): void {
      timer ??= setInterval(() => this.kick(), pollMs);
      timer.unref();
      this.kick();
    },

    /** Stops after the running batch; the job is let go so that another process takes it up at once. */
    async stop(): Promise<void> {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await this.idle();
    },
  };
}

export type ImportRunner = ReturnType<typeof createImportRunner>;
