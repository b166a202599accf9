/**
 * A minimal Prometheus registry: metric families rendered in the text exposition format
 * (version 0.0.4), and the one in-process histogram `serve` keeps (POST /hook latency).
 * Everything else is read from the store at scrape time.
 */

export type Labels = Record<string, string>;

export interface Sample {
  labels?: Labels;
  value: number;
  /** `_bucket`, `_sum`, `_count` for histograms. */
  suffix?: string;
}

export interface Family {
  name: string;
  help: string;
  type: "gauge" | "counter" | "histogram";
  samples: Sample[];
}

/** The exposition format's Content-Type. */
export const METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

const escLabel = (v: string) => v.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"');
const escHelp = (v: string) => v.replace(/\\/g, "\\\\").replace(/\n/g, "\\n");

function num(v: number): string {
  if (Number.isNaN(v)) return "NaN";
  if (v === Infinity) return "+Inf";
  if (v === -Infinity) return "-Inf";
  return String(v);
}

/** Render families in the text format, one HELP and TYPE line each. */
export function renderFamilies(families: Family[]): string {
  const out: string[] = [];
  for (const f of families) {
    out.push(`# HELP ${f.name} ${escHelp(f.help)}`, `# TYPE ${f.name} ${f.type}`);
    for (const s of f.samples) {
      const labels = Object.entries(s.labels ?? {});
      const l = labels.length ? `{${labels.map(([k, v]) => `${k}="${escLabel(v)}"`).join(",")}}` : "";
      out.push(`${f.name}${s.suffix ?? ""}${l} ${num(s.value)}`);
    }
  }
  return out.join("\n") + "\n";
}

/** Seconds; tuned around the 0.5 ms budget for a hook served over HTTP. */
export const LATENCY_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

/** A cumulative histogram, as Prometheus expects it. */
export class Histogram {
  private readonly counts: number[];
  private sum = 0;
  private total = 0;

  constructor(readonly buckets: number[] = LATENCY_BUCKETS) {
    this.counts = buckets.map(() => 0);
  }

  /** Record one observation (seconds). */
  observe(v: number): void {
    this.sum += v;
    this.total++;
    const i = this.buckets.findIndex((b) => v <= b);
    if (i >= 0) this.counts[i]++;
  }

  /** The family with cumulative `_bucket`s, `_sum` and `_count`. */
  family(name: string, help: string): Family {
    let acc = 0;
    const samples: Sample[] = this.buckets.map((le, i) => {
      acc += this.counts[i];
      return { suffix: "_bucket", labels: { le: String(le) }, value: acc };
    });
    samples.push({ suffix: "_bucket", labels: { le: "+Inf" }, value: this.total });
    samples.push({ suffix: "_sum", value: this.sum }, { suffix: "_count", value: this.total });
    return { name, help, type: "histogram", samples };
  }
}
