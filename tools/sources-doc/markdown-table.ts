/**
 * A Markdown table laid out as the formatter (biome) lays it out: every cell padded to its column's widest cell, and
 * no narrower than the three dashes of the rule under the heading. Emitting that layout keeps the generated file
 * both lint-clean and byte-for-byte reproducible, so staleness is a plain comparison.
 */
export function markdownTable(headings: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const cells = [headings, ...rows].map((row) => row.map(escapeCell))
  const widths = headings.map((_, i) => Math.max(3, ...cells.map((row) => (row[i] ?? '').length)))
  const line = (row: readonly string[]) => `| ${widths.map((w, i) => (row[i] ?? '').padEnd(w)).join(' | ')} |`
  const [head = [], ...body] = cells
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)]
}

/** A pipe inside a cell would end it early; Markdown reads `\|` as the character. */
const escapeCell = (text: string): string => text.replaceAll('|', '\\|')
