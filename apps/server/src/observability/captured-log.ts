import { createLogger, type LogLevel } from './logger.ts';

/** For tests: a logger whose lines are kept, as written (`raw`) and parsed (`lines`). */
export function capturedLog(level: LogLevel = 'debug') {
  const raw: string[] = [];
  const logger = createLogger(level, { write: (line: string) => raw.push(line) });
  return {
    logger,
    raw,
    lines: () => raw.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
