/** A column of a text table: its heading and which side its cells keep to (numbers read best on the right). */
export interface Column {
  readonly heading: string
  readonly align?: 'left' | 'right'
}

/** The gap between columns: never less, so no two cells can run together whatever they hold. */
const GAP = '  '

/**
 * Lays out a heading line and one line per row, each column as wide as its widest cell; the last column is not
 * padded, so a long last cell (a problem, a list of sources) runs on without widening the others.
 */
export function formatTable(columns: readonly Column[], rows: readonly (readonly string[])[]): string[] {
  const widths = columns.map((c, i) => Math.max(c.heading.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: readonly string[]) =>
    columns
      .map((c, i) => {
        const cell = cells[i] ?? ''
        if (c.align === 'right') return cell.padStart(widths[i]!)
        return i === columns.length - 1 ? cell : cell.padEnd(widths[i]!)
      })
      .join(GAP)
      .trimEnd()
  return [line(columns.map((c) => c.heading)), ...rows.map(line)]
}
