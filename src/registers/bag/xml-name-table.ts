import { detach } from './xml-text.js'

const TABLE_SIZE = 4096
const TABLE_MASK = TABLE_SIZE - 1

/**
 * The element names of one file, each with a small id. Finding the id of the name at a position costs a few
 * sampled characters and one compare, with no string made: per-character loops cost ~3 ns a character in V8,
 * native searches a few ns a call.
 */
export class XmlNameTable {
  /** Id → name. */
  readonly names: string[] = []
  // Open-addressing table: key → id + 1 (0 = empty); cheaper than a Map for the ~100 names of a file.
  private readonly slotKey = new Int32Array(TABLE_SIZE)
  private readonly slotId = new Int32Array(TABLE_SIZE)
  private readonly idOfName = new Map<string, number>()

  constructor(private readonly onNew: (id: number, name: string) => void) {}

  /** Id of the known name exactly at [from, to) of `buf`, or -1. */
  lookup(buf: string, from: number, to: number): number {
    const length = to - from
    if (length <= 0) return -1
    const key = slotKey(buf, from, length)
    for (let slot = key & TABLE_MASK; this.slotId[slot] !== 0; slot = (slot + 1) & TABLE_MASK) {
      if (this.slotKey[slot] !== key) continue
      const id = (this.slotId[slot] as number) - 1
      const name = this.names[id] as string
      // indexOf(name, at) === at, as V8 runs it faster than startsWith; on a mismatch it searches on, which stays cheap
      // because element names recur every few hundred characters.
      if (name.length === length && buf.indexOf(name, from) === from) return id
    }
    return -1
  }

  /** Id of the name at [from, to) of `buf`, registering it (and reporting it to `onNew`) if it is new. */
  declare(buf: string, from: number, to: number): number {
    const name = detach(buf.slice(from, to))
    let id = this.idOfName.get(name)
    if (id === undefined) {
      id = this.names.length
      this.names.push(name)
      this.idOfName.set(name, id)
      this.onNew(id, name)
      // A full table only stops caching: lookups then miss and take the careful path.
      if (this.names.length < TABLE_SIZE / 2) {
        const key = slotKey(buf, from, to - from)
        let slot = key & TABLE_MASK
        while (this.slotId[slot] !== 0) slot = (slot + 1) & TABLE_MASK
        this.slotKey[slot] = key
        this.slotId[slot] = id + 1
      }
    }
    return id
  }
}

/** Table key of a name from its length and three sampled characters (cheap, and distinct enough for BAG). */
function slotKey(buf: string, from: number, length: number): number {
  const key =
    Math.imul(length, 0x01000193) ^
    (buf.charCodeAt(from + length - 1) << 7) ^
    (buf.charCodeAt(from + (length >> 1)) << 14) ^
    (buf.charCodeAt(from + (length >> 2)) << 3)
  return (key ^ (key >>> 11)) | 0
}
