import pino from 'pino';

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type Logger = pino.Logger;

/**
 * The server's log: one JSON object per line on stdout, with an ISO time and the level's name, so journald,
 * Docker or any shipper takes it as it comes. No pid or host name: the service manager records those. What
 * goes in a line is chosen where it is written (observability/request-observer.ts): ids, route templates
 * and numbers, never a name, e-mail, CPF, token, query string or body.
 */
export function createLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: null,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  return destination ? pino(options, destination) : pino(options);
}
