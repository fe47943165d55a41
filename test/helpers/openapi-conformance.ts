import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import formats from 'ajv-formats'

type Json = Record<string, unknown>

/** One request and the answer it got, as a client saw it. */
export interface Exchange {
  readonly method: string
  readonly url: string
  readonly statusCode: number
  readonly headers: Readonly<Record<string, unknown>>
  /** The body as sent (compressed when Content-Encoding says so). */
  readonly body: Buffer
}

/** Checks exchanges against a document; returns what in each disagrees with it (nothing when it conforms). */
export type ConformanceChecker = (exchange: Exchange) => string[]

const DOCUMENT_ID = 'https://propdata.test/openapi.json'
const PROBLEM_MEDIA_TYPE = 'application/problem+json'

/** A JSON pointer token (RFC 6901). */
const token = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1')

/** The document's `$ref` target, or the object itself when it is not a reference. */
function resolve(document: Json, value: Json): Json {
  const target = value.$ref
  if (typeof target !== 'string') return value
  let node: unknown = document
  for (const part of target.replace(/^#\//, '').split('/'))
    node = (node as Json)[part.replaceAll('~1', '/').replaceAll('~0', '~')]
  return resolve(document, node as Json)
}

/** The body as JSON text, decompressed as its Content-Encoding says. */
function decodedBody(exchange: Exchange): string {
  const coding = exchange.headers['content-encoding']
  if (coding === 'gzip') return gunzipSync(exchange.body).toString()
  if (coding === 'br') return brotliDecompressSync(exchange.body).toString()
  return exchange.body.toString()
}

/**
 * Builds a checker for the served document: an exchange with a documented path and method must have a documented
 * status, the documented media type, a body valid against the documented schema (JSON Schema 2020-12, with
 * formats) and every required header, each valid against its schema. Any other error answer (an unknown path, a
 * method the path does not take) must still be a valid problem+json body.
 */
export function createConformanceChecker(document: Json): ConformanceChecker {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  formats.default(ajv)
  ajv.addSchema(document, DOCUMENT_ID)
  const validators = new Map<string, ValidateFunction>()
  const validatorAt = (pointer: string) => {
    let validate = validators.get(pointer)
    if (!validate) {
      validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` })
      validators.set(pointer, validate)
    }
    return validate
  }
  const paths = Object.entries(document.paths as Record<string, Json>).map(([template, item]) => ({
    template,
    item,
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
  }))
  const problemPointer = '/components/schemas/Problem'

  const checkBody = (where: string, pointer: string, text: string): string[] => {
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return [`${where}: body is not JSON: ${text.slice(0, 100)}`]
    }
    const validate = validatorAt(pointer)
    if (validate(body)) return []
    return (validate.errors ?? []).map(
      (e) => `${where}: body${e.instancePath} ${e.message} (${pointer}${e.schemaPath.slice(1)})`,
    )
  }

  const checkHeaders = (where: string, response: Json, headers: Exchange['headers']): string[] => {
    const problems: string[] = []
    for (const [name, declared] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
      const header = resolve(document, declared)
      const raw = headers[name.toLowerCase()]
      if (raw === undefined) {
        if (header.required) problems.push(`${where}: no ${name} header`)
        continue
      }
      const schema = header.schema as Json
      const value = schema.type === 'integer' || schema.type === 'number' ? Number(raw) : String(raw)
      const validate = ajv.compile(schema)
      if (!validate(value))
        problems.push(`${where}: ${name} ${JSON.stringify(raw)} ${validate.errors?.[0]?.message}`)
    }
    return problems
  }

  return (exchange) => {
    const path = exchange.url.split('?')[0] ?? ''
    const method = exchange.method.toUpperCase()
    const where = `${method} ${exchange.url.slice(0, 120)} → ${exchange.statusCode}`
    const type = String(exchange.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
    const text = method === 'HEAD' ? '' : decodedBody(exchange)
    const documented = paths.find((p) => p.pattern.test(path))
    const operation = documented?.item[method === 'HEAD' ? 'get' : method.toLowerCase()] as Json | undefined
    if (!documented || !operation) {
      if (exchange.statusCode < 400) return []
      // Not an operation of the document, but an error all the same: a problem like every other.
      if (type !== PROBLEM_MEDIA_TYPE) return [`${where}: content-type ${type}, not ${PROBLEM_MEDIA_TYPE}`]
      return method === 'HEAD' ? [] : checkBody(where, problemPointer, text)
    }
    const responses = operation.responses as Record<string, Json>
    const declared = responses[String(exchange.statusCode)]
    if (!declared) return [`${where}: status not documented for ${method} ${documented.template}`]
    const response = resolve(document, declared)
    const problems = checkHeaders(where, response, exchange.headers)
    const content = response.content as Record<string, Json> | undefined
    if (!content) {
      if (text !== '') problems.push(`${where}: a body where the document has none`)
      return problems
    }
    if (!content[type]) {
      problems.push(`${where}: content-type ${type}, documented ${Object.keys(content).join(', ')}`)
      return problems
    }
    if (method === 'HEAD') return problems
    // The pointer to the schema where it is written: a shared response's own place, or the operation's.
    const base =
      typeof declared.$ref === 'string'
        ? declared.$ref.slice(1)
        : `/paths/${token(documented.template)}/${method === 'HEAD' ? 'get' : method.toLowerCase()}/responses/${exchange.statusCode}`
    return [...problems, ...checkBody(where, `${base}/content/${token(type)}/schema`, text)]
  }
}
