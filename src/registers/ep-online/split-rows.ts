import type { Readable } from 'node:stream'

/** One row of a `;`-separated file: its cells, or null when its quoting is broken; `line` is where it starts. */
export interface SplitRow {
  readonly cells: string[] | null
  readonly line: number
}

/** A quoted cell longer than this is a quote that never closes, not a cell: the row is broken. */
const MAX_ROW_CHARS = 1 << 16

/**
 * Cells of one row with quotes (RFC 4180: a quoted cell may hold `;`, line breaks and doubled quotes). `open` when
 * a quoted cell has not closed by the end (it goes on on the next line); null when a quoted cell is followed by
 * anything but `;`. A quote inside an unquoted cell is plain text, as spreadsheet exports write them.
 */
function splitQuoted(row: string): string[] | 'open' | null {
  const cells: string[] = []
  let i = 0
  for (;;) {
    if (row[i] === '"') {
      let cell = ''
      let j = i + 1
      for (;;) {
        const q = row.indexOf('"', j)
        if (q === -1) return 'open'
        cell += row.slice(j, q)
        if (row[q + 1] === '"') {
          cell += '"'
          j = q + 2
          continue
        }
        i = q + 1
        break
      }
      cells.push(cell)
      if (i === row.length) return cells
      if (row[i] !== ';') return null
      i += 1
    } else {
      const end = row.indexOf(';', i)
      cells.push(end === -1 ? row.slice(i) : row.slice(i, end))
      if (end === -1) return cells
      i = end + 1
    }
  }
}

/**
 * Splits a `;`-separated byte stream into rows, a chunk at a time (memory holds one chunk and one row). Rows
 * without quotes, nearly all of them, take the fast path of `String.split`; a quoted cell may span lines. CRLF and
 * LF both end a row; empty lines are skipped; a leading byte-order mark is dropped. About 10× faster here than a
 * general CSV parser on the 40-column label file, which is what makes a 1 GB import take minutes, not an hour.
 */
export async function* splitRows(input: Readable): AsyncGenerator<SplitRow[]> {
  input.setEncoding('utf8')
  let rest = ''
  let line = 0
  let pending: { text: string; line: number } | null = null
  let first = true
  const take = (raw: string, out: SplitRow[]) => {
    line += 1
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw
    const row = pending ? { text: `${pending.text}\n${text}`, line: pending.line } : { text, line }
    pending = null
    if (row.text === '') return
    if (!row.text.includes('"')) {
      out.push({ cells: row.text.split(';'), line: row.line })
      return
    }
    const cells = splitQuoted(row.text)
    if (cells !== 'open') out.push({ cells, line: row.line })
    else if (row.text.length > MAX_ROW_CHARS) out.push({ cells: null, line: row.line })
    else pending = row
  }
  for await (const chunk of input as AsyncIterable<string>) {
    let text = rest + chunk
    if (first) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
      first = false
    }
    const rows: SplitRow[] = []
    let start = 0
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      take(text.slice(start, nl), rows)
      start = nl + 1
    }
    rest = text.slice(start)
    if (rows.length > 0) yield rows
  }
  const rows: SplitRow[] = []
  if (rest !== '') take(rest, rows)
  const unclosed = pending as { line: number } | null
  if (unclosed) rows.push({ cells: null, line: unclosed.line })
  if (rows.length > 0) yield rows
}
