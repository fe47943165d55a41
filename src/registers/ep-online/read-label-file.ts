import type { Readable } from 'node:stream'
import { ParseError } from '../../kit/index.js'
import { type LabelColumns, type LabelField, mapLabelColumns } from './label-columns.js'
import {
  type EnergyLabelRecord,
  type LabelSkipReason,
  parseRegisterDate,
  toLabelRecord,
} from './label-record.js'
import { splitRows } from './split-rows.js'

/** What the two lines before the header say about the file. */
export interface LabelFilePreamble {
  /** ISO date of `PublicatieDatum;dd-mm-yyyy`, when present. */
  readonly publicationDate: string | null
  /** `LaatstVerwerkteMutatievolgnummer;n`: the last mutation the file includes. */
  readonly lastMutation: number | null
}

/** One thing read from a label file, in file order. */
export type LabelFileEvent =
  | ({ readonly kind: 'header'; readonly columns: LabelColumns } & LabelFilePreamble)
  | { readonly kind: 'label'; readonly record: EnergyLabelRecord }
  | { readonly kind: 'skipped'; readonly reason: LabelSkipReason; readonly line: number }

const PREAMBLE = /^(publicatiedatum|laatstverwerktemutatievolgnummer)$/i

/**
 * Reads an EP-Online bulk label file (`;`-separated, optional 2-line preamble, then a header in any vintage's
 * column names) from a byte stream, a chunk at a time: memory stays flat however large the file. Yields the header
 * first, then a `label` or `skipped` event per data row; a row with the wrong number of cells or broken quoting is
 * `malformed`, and reading goes on. Throws `ParseError` when the header lacks the columns a label file must have.
 */
export async function* readLabelFile(input: Readable, source = 'label file'): AsyncGenerator<LabelFileEvent> {
  let publicationDate: string | null = null
  let lastMutation: number | null = null
  let width = 0
  let columns: LabelColumns | null = null
  let cells: readonly string[] = []
  const get = (field: LabelField) => {
    const i = columns?.[field]
    return i === undefined ? undefined : cells[i]
  }
  for await (const rows of splitRows(input)) {
    for (const { cells: row, line } of rows) {
      if (columns === null) {
        const first = row?.[0]?.trim() ?? ''
        if (PREAMBLE.test(first)) {
          if (/^publicatiedatum$/i.test(first)) publicationDate = parseRegisterDate(row?.[1])
          else lastMutation = Number.isFinite(Number(row?.[1])) ? Number(row?.[1]) : null
          continue
        }
        const mapped = mapLabelColumns(row ?? [])
        if (mapped.missing.length > 0) {
          throw new ParseError(`Not an EP-Online label file: no ${mapped.missing.join(', ')} column`, {
            url: source,
            header: row?.slice(0, 12),
          })
        }
        columns = mapped.columns
        width = row!.length
        yield { kind: 'header', columns, publicationDate, lastMutation }
        continue
      }
      // A trailing separator adds an empty cell; anything else that does not fit the header is a broken row.
      if (
        row === null ||
        (row.length !== width && !(row.length > width && row.slice(width).every((c) => c === '')))
      ) {
        yield { kind: 'skipped', reason: 'malformed', line }
        continue
      }
      cells = row
      const record = toLabelRecord(get)
      yield typeof record === 'string' ? { kind: 'skipped', reason: record, line } : { kind: 'label', record }
    }
  }
  if (columns === null) throw new ParseError('Not an EP-Online label file: no header row', { url: source })
}
