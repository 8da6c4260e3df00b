// Structured logs: one JSON object per line ({"time","level","msg",...fields}), at or above a level.

/** Log levels, least severe first. */
export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;

/** One of LOG_LEVELS. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Writes log lines to a stream. */
export class Logger {
  readonly #min: number;
  /** Creates a logger writing lines at `level` and above to `out`; `now` gives the time (tests fix it). */
  constructor(readonly out: NodeJS.WritableStream, level: LogLevel = "info", readonly now: () => Date = () => new Date()) {
    this.#min = LOG_LEVELS.indexOf(level);
  }
  /** Writes one line when `level` is at or above the logger's. */
  log(level: LogLevel, msg: string, fields: { [key: string]: unknown } = {}): void {
    if (LOG_LEVELS.indexOf(level) < this.#min) return;
    this.out.write(`${JSON.stringify({ time: this.now().toISOString(), level, msg, ...fields })}\n`);
  }
}
