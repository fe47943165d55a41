/**
 * Every key path in a JSON value, once each, sorted: `result[].object.id`, with every array's items read as one
 * (`[]`). Two documents in one format have the same paths, whatever their values and however many items they hold.
 */
export function jsonKeyPaths(value: unknown): string[] {
  const paths = new Set<string>()
  const walk = (node: unknown, at: string) => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item, `${at}[]`)
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, child] of Object.entries(node)) {
        const path = at ? `${at}.${key}` : key
        paths.add(path)
        walk(child, path)
      }
    }
  }
  walk(value, '')
  return [...paths].sort()
}
