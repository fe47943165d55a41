// Preloaded with `node --import` by tests: appends the URL of every module the process resolves (main thread and
// workers alike) to the file named by PROPDATA_RECORD_LOADS, one a line, so a test can say what a command loaded.
import { register } from 'node:module'

const hooks = `
import { appendFileSync } from 'node:fs'
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context)
  appendFileSync(process.env.PROPDATA_RECORD_LOADS, resolved.url + '\\n')
  return resolved
}`
register(`data:text/javascript,${encodeURIComponent(hooks)}`)
