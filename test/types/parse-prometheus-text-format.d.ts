/** Types of parse-prometheus-text-format 1.1 (the package ships none), as far as the tests read it. */
declare module "parse-prometheus-text-format" {
  /** One sample of a family: a value (counter, gauge, untyped) or a histogram's buckets, count and sum. */
  export interface PrometheusSample {
    labels?: Record<string, string>;
    value?: string;
    /** Histograms: upper bound (`le`) → cumulative count. */
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
    /** Summaries: quantile → value. */
    quantiles?: Record<string, string>;
  }

  export interface PrometheusFamily {
    name: string;
    help: string;
    type: "COUNTER" | "GAUGE" | "HISTOGRAM" | "SUMMARY" | "UNTYPED";
    metrics: PrometheusSample[];
  }

  /** Parses Prometheus' text exposition format into metric families (prom2json's shape). */
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
