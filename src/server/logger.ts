import pino from 'pino';
import { getEnv } from './env';
import { runtime } from './runtime';

/** One pino logger per process, shared by server.ts and Next's API bundle through the runtime registry. */
export function getLogger(): pino.Logger {
  runtime.logger ??= pino({
    level: getEnv().LOG_LEVEL,
    base: { app: 'comptoir' },
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.code', '*.token'],
  });
  return runtime.logger as pino.Logger;
}
