import { pino, type Logger } from "pino";
import pretty from "pino-pretty";

export type { Logger };

/** "pretty": one readable line per entry (development); "json": one JSON object per line (production, tests). */
export type LogFormat = "pretty" | "json";

/** Development (NODE_ENV unset or "development", as server/env.ts defaults it) logs readable lines; the rest JSON. */
export function defaultLogFormat(nodeEnv: string | undefined = process.env.NODE_ENV): LogFormat {
  return (nodeEnv ?? "development") === "development" ? "pretty" : "json";
}

/** A message that starts with this stands out in readable logs (the address to open after a start). */
export const OPEN_PREFIX = "open http";

export function createLogger(level: string, format: LogFormat = defaultLogFormat()): Logger {
  const options = { level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime };
  if (format === "json") return pino(options);
  const stream = pretty({
    sync: true, // in this thread, in order with console output; no worker
    translateTime: "SYS:HH:MM:ss",
    ignore: "pid,hostname",
    singleLine: true,
    messageFormat: (log, messageKey, _level, { colors }) => {
      const message = String(log[messageKey] ?? "");
      return message.startsWith(OPEN_PREFIX) ? colors.bold(colors.green(`➜  ${message}`)) : message;
    },
  });
  return pino(options, stream);
}
