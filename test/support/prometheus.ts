/** Reading `/metrics` in tests: through a real Prometheus text parser, then by name and labels. */
import parsePrometheusTextFormat, { type PrometheusFamily } from "parse-prometheus-text-format";

/** A scrape, parsed twice: as it is (families with their types), and sample by sample. */
export interface Scrape {
  /** The families as the parser reads them (names, types, help). */
  families: PrometheusFamily[];
  /**
   * Every sample line with its own labels: the text parsed without its `# TYPE … histogram` lines, so
   * each `_bucket`, `_sum` and `_count` series keeps its labels (the parser folds a labelled histogram's
   * series into one sample and drops their labels).
   */
  series: PrometheusFamily[];
}

/** GETs `/metrics` with the bearer `token` and parses it; throws unless it answers 200. */
export async function scrape(baseUrl: string, token: string): Promise<Scrape> {
  const res = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}: ${await res.text()}`);
  const text = await res.text();
  const untyped = text
    .split("\n")
    .filter((line) => !/^# TYPE \S+ histogram$/.test(line))
    .join("\n");
  return { families: parsePrometheusTextFormat(text), series: parsePrometheusTextFormat(untyped) };
}

function matches(labels: Record<string, string> | undefined, wanted: Record<string, string>): boolean {
  return Object.entries(wanted).every(([key, value]) => labels?.[key] === value);
}

/** Sum of the samples of series `name` whose labels include `labels` (0 when none). */
export function valueOf(scraped: Scrape, name: string, labels: Record<string, string> = {}): number {
  return scraped.series
    .filter((f) => f.name === name)
    .flatMap((f) => f.metrics)
    .filter((m) => matches(m.labels, labels))
    .reduce((sum, m) => sum + Number(m.value ?? 0), 0);
}

/** Observations of histogram `name` (its `_count`) over the series whose labels include `labels`. */
export function countOf(scraped: Scrape, name: string, labels: Record<string, string> = {}): number {
  return valueOf(scraped, `${name}_count`, labels);
}

/** Names of the metric families. */
export function familyNames(scraped: Scrape): string[] {
  return scraped.families.map((f) => f.name);
}

/** Every label value of every sample (histogram series and their `le` bounds included). */
export function labelValues(scraped: Scrape): string[] {
  return scraped.series.flatMap((f) => f.metrics.flatMap((m) => Object.values(m.labels ?? {})));
}
