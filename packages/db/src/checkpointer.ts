import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Moves the SQLite write-ahead log into the database file from a worker thread, every `intervalMs`, with a
 * connection of its own (`wal_checkpoint(PASSIVE)`: never waits for, nor blocks, the server's reads and writes).
 * Left to itself SQLite checkpoints inside a committing write, on the server's only thread, copying megabytes and
 * syncing the file while every request waits; here that work runs beside the requests. The server's connection
 * keeps a high automatic threshold as a safety net should this thread ever fall behind.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 0');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or closing: the next turn tries again.
  }
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.postMessage('stopped');
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

/** Starts checkpointing the SQLite database at `path` (a file; not `:memory:`). */
export function startCheckpointer(path: string, intervalMs = 50): Checkpointer {
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { module, path, intervalMs } });
  // Never what keeps a process alive.
  worker.unref();
  let stopped: Promise<void> | undefined;
  return {
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        const done = () => resolve();
        worker.once('message', () => void worker.terminate().then(done, done));
        worker.once('error', done);
        worker.once('exit', done);
        worker.postMessage('stop');
      });
      return stopped;
    },
  };
}
