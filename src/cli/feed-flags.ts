import { CliError, EXIT } from './exit-codes.js'

/** A partner file to read in a run, and the source it is read as. */
export interface FeedFile {
  /** The source id: NAME of `--feed NAME=PATH`, `feed` for a bare `--feed PATH`. */
  readonly name: string
  readonly path: string
}

/** The source id of a bare `--feed PATH`. */
export const BARE_FEED = 'feed'

/** A feed's name is a source id: lower-case words joined by hyphens (`acme-partners`), as every source's is. */
const NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/

/**
 * Reads the `--feed` flags of a run: `NAME=PATH` is the feed NAME, anything else a path read as the feed `feed`. A
 * path whose text before its first `=` is a valid name is read as NAME=PATH; write such a file as `./NAME=…`. Two
 * files for one name are bad usage: each partner's file is a source of its own, and one file would withdraw the
 * other's listings.
 */
export function readFeedFlags(values: readonly string[]): FeedFile[] {
  const feeds = values.map((value): FeedFile => {
    const at = value.indexOf('=')
    const name = at > 0 ? value.slice(0, at) : ''
    if (!NAME.test(name)) return { name: BARE_FEED, path: value }
    const path = value.slice(at + 1)
    if (path === '') throw new CliError(`--feed ${value}: give the file after the =`, EXIT.USAGE)
    return { name, path }
  })
  const names = feeds.map((f) => f.name)
  const twice = names.find((name, i) => names.indexOf(name) !== i)
  if (twice !== undefined)
    throw new CliError(
      twice === BARE_FEED
        ? '--feed: two files for the source feed; name each partner’s file: --feed NAME=PATH'
        : `--feed: two files for the feed ${twice}; each name reads one file`,
      EXIT.USAGE,
    )
  return feeds
}
