/**
 * The server's log: JSON lines on stdout (pino, the logger Fastify uses), one logger for the
 * HTTP side and the job runner. `--log-level` sets it; health probes and metric scrapes log
 * only their warnings (their routes log at `warn`), so the default `info` shows requests, job
 * outcomes and errors, and no probe noise.
 */
import { pino, type Logger as PinoLogger } from 'pino';

export type Logger = PinoLogger;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A logger writing JSON lines to stdout (or `destination`). */
export function createLogger(level: LogLevel = 'info', destination?: NodeJS.WritableStream): Logger {
  const options = { level, timestamp: pino.stdTimeFunctions.isoTime };
  return destination ? pino(options, destination) : pino(options);
}

/** A logger that says nothing (tests, library use). */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
