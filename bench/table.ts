/** One line of the benchmark table: a product figure beside its same-run baseline. */
export interface Row {
  measure: string;
  product: number;
  baseline: number | null;
  /** "×": a ratio of ratios (the product's own ratio to its baseline, beside another's). */
  unit: "req/s" | "/s" | "ms" | "count" | "×";
}

function format(value: number, unit: Row["unit"]): string {
  if (unit === "count") return String(value);
  if (unit === "×") return `${value.toFixed(2)}×`;
  if (unit === "ms") return `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`;
  return `${value.toFixed(0)} ${unit}`;
}

/** Product over baseline: below 1 for throughput means slower, above 1 for latency means slower. */
function ratio(row: Row): string {
  if (row.baseline === null) return "–";
  if (row.unit === "count") return row.product === row.baseline ? "=" : "≠";
  if (row.baseline === 0) return "–";
  return `${(row.product / row.baseline).toFixed(2)}×`;
}

/** The markdown table printed at the end of `npm run bench`. */
export function renderTable(rows: Row[]): string {
  const lines = ["| measure | product | baseline | ratio |", "| --- | ---: | ---: | ---: |"];
  for (const row of rows) lines.push(`| ${row.measure} | ${format(row.product, row.unit)} | ${row.baseline === null ? "–" : format(row.baseline, row.unit)} | ${ratio(row)} |`);
  return lines.join("\n");
}
