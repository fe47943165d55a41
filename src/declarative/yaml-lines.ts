import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml'

/** A path into a parsed file, as zod reports it: keys and list indexes. */
export type KeyPath = readonly PropertyKey[]

/** A YAML file parsed to plain data, with the line of every key in it. */
export interface YamlText {
  /** The file as plain data (maps become objects, sequences arrays). */
  readonly data: unknown
  /**
   * The 1-based line of the key (or list item) at `path`; for a key the file lacks, the line of the nearest key
   * above it, where it belongs.
   */
  lineOf(path: KeyPath): number
  /** The 1-based line where the map at `path` writes `key`; `lineOf(path)` when it does not. */
  lineOfKey(path: KeyPath, key: string): number
}

/** YAML's own syntax error (a bad indent, a duplicate key), with the line it is on. */
export interface YamlSyntaxError {
  readonly line: number
  readonly message: string
}

/**
 * Parses YAML keeping where each node starts, so a problem found later in the plain data can still be pointed at by
 * line. Returns the first syntax error instead when the text is not YAML: the rest of such a file cannot be trusted.
 */
export function parseYamlText(text: string): YamlText | YamlSyntaxError {
  const counter = new LineCounter()
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: true })
  const lineAt = (offset: number | undefined) => (offset === undefined ? 1 : counter.linePos(offset).line)
  const [error] = doc.errors
  if (error) return { line: lineAt(error.pos[0]), message: error.message.split('\n')[0] ?? error.code }

  const nodeAt = (path: KeyPath): unknown =>
    path.length === 0 ? doc.contents : doc.getIn(path as unknown[], true)
  /** Where `key` is written in the node at `path`: a map's key, a list's item; null when it is not there. */
  const keyLine = (path: KeyPath, key: PropertyKey): number | null => {
    const node = nodeAt(path)
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(key))
      return pair && isScalar(pair.key) ? lineAt(pair.key.range?.[0]) : null
    }
    if (isSeq(node) && typeof key === 'number') {
      const item = node.items[key] as Node | undefined
      return item ? lineAt(item.range?.[0]) : null
    }
    return null
  }
  const lineOf = (path: KeyPath): number => {
    for (let depth = path.length; depth > 0; depth--) {
      const line = keyLine(path.slice(0, depth - 1), path[depth - 1]!)
      if (line !== null) return line
    }
    return lineAt((doc.contents as Node | null)?.range?.[0])
  }
  return {
    data: doc.toJS(),
    lineOf,
    lineOfKey: (path, key) => keyLine(path, key) ?? lineOf(path),
  }
}

/** Tells a parse failure from a parsed file. */
export const isYamlSyntaxError = (parsed: YamlText | YamlSyntaxError): parsed is YamlSyntaxError =>
  'message' in parsed
