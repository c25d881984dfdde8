import pino, { type Logger } from 'pino';

/** JSON logs to stdout (pino), with credentials redacted. */
export function createLogger(level: string): Logger {
  return pino({ level, redact: ['req.headers.authorization', 'headers.authorization'] });
}
