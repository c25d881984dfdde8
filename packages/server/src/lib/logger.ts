import pino, { type Logger } from 'pino';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * The log level: LOG_LEVEL when set. Otherwise a terminal (a shop owner running `npm start`) gets warnings and
 * errors only, so the start banner with the owner key and addresses is not buried under a line per request;
 * production and piped output (containers, log collectors) keep JSON info logs with every request.
 */
export function chooseLogLevel(env: NodeJS.ProcessEnv, stdoutIsTTY: boolean): string {
  const set = env.LOG_LEVEL?.trim().toLowerCase();
  if (set) {
    if (!LEVELS.includes(set)) throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
    return set;
  }
  return stdoutIsTTY && env.NODE_ENV !== 'production' ? 'warn' : 'info';
}

/** JSON logs to stdout (pino), with credentials redacted. */
export function createLogger(level: string): Logger {
  return pino({ level, redact: ['req.headers.authorization', 'headers.authorization'] });
}
