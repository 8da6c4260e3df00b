// The webhook's metrics in Prometheus' text exposition format (version 0.0.4): requests by HTTP code,
// reviews by kind / verdict / answer, engine errors by code, request latency as a histogram, in-flight requests.

/** Upper bounds of the latency histogram's buckets, in seconds. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A label value escaped as the format wants it (backslash, quote, newline). */
function escape(v: string): string {
  return v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
}

/** `{a="x",b="y"}` of a label set (sorted by name), "" when empty. */
function labels(set: { readonly [name: string]: string }): string {
  const names = Object.keys(set).sort();
  return names.length === 0 ? "" : `{${names.map((n) => `${n}="${escape(set[n]!)}"`).join(",")}}`;
}

/** A counter family: one number per label set. */
class Counter {
  readonly #values = new Map<string, number>();
  /** Creates a counter named `name` with its help text. */
  constructor(readonly name: string, readonly help: string) {}
  /** Adds `n` (default 1) to the series of `set`. */
  inc(set: { readonly [name: string]: string } = {}, n = 1): void {
    const key = labels(set);
    this.#values.set(key, (this.#values.get(key) ?? 0) + n);
  }
  /** The counter in the text format. */
  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const [key, v] of [...this.#values].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) lines.push(`${this.name}${key} ${v}`);
    return lines.join("\n");
  }
}

/** Everything the webhook counts. */
export class Metrics {
  readonly requests = new Counter("kinplace_webhook_http_requests_total", "HTTP requests by path and status code.");
  readonly reviews = new Counter("kinplace_webhook_reviews_total", "AdmissionReviews answered, by workload kind, verdict and whether the update was allowed.");
  readonly errors = new Counter("kinplace_webhook_engine_errors_total", "Updates the engine could not judge, by error code.");
  readonly #buckets = LATENCY_BUCKETS.map(() => 0);
  #count = 0;
  #sum = 0;
  /** Requests being served now. */
  inFlight = 0;

  /** Records the latency of one review request, in seconds. */
  observe(seconds: number): void {
    this.#count++;
    this.#sum += seconds;
    LATENCY_BUCKETS.forEach((le, i) => {
      if (seconds <= le) this.#buckets[i]!++;
    });
  }

  /** All metrics in the text format (ends with a newline). */
  render(): string {
    const h = "kinplace_webhook_review_duration_seconds";
    const histogram = [`# HELP ${h} Time from the request's arrival to its answer, for AdmissionReview requests.`, `# TYPE ${h} histogram`];
    LATENCY_BUCKETS.forEach((le, i) => histogram.push(`${h}_bucket{le="${le}"} ${this.#buckets[i]}`));
    histogram.push(`${h}_bucket{le="+Inf"} ${this.#count}`, `${h}_sum ${this.#sum}`, `${h}_count ${this.#count}`);
    const g = "kinplace_webhook_in_flight_requests";
    const gauge = [`# HELP ${g} Requests being served.`, `# TYPE ${g} gauge`, `${g} ${this.inFlight}`];
    return `${[this.requests.render(), this.reviews.render(), this.errors.render(), histogram.join("\n"), gauge.join("\n")].join("\n")}\n`;
  }
}
