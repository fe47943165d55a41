import { connect } from 'node:net'

/** The first response on a connection, as bytes arrived: no client-side parsing forgives anything. */
export interface RawResponse {
  readonly statusCode: number
  readonly headers: Record<string, string>
  readonly body: string
}

/**
 * Writes `request` verbatim to 127.0.0.1:`port` and reads the first response: what a hostile client sees, with
 * bytes fetch would refuse to send (control characters, bad request lines, invalid UTF-8). Rejects when no
 * complete response arrives within `timeoutMs`.
 */
export function sendRaw(port: number, request: Buffer, timeoutMs = 5_000): Promise<RawResponse> {
  // An answer to HEAD has headers only, whatever its Content-Length says.
  const head = request.subarray(0, 5).toString('latin1') === 'HEAD '
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    let settled = false
    const finish = (error: Error | null, response?: RawResponse) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      if (error) reject(error)
      else resolve(response!)
    }
    const timer = setTimeout(() => finish(new Error(`no complete response in ${timeoutMs} ms`)), timeoutMs)
    const tryParse = (ended: boolean) => {
      const response = parseResponse(Buffer.concat(chunks), ended, head)
      if (response) finish(null, response)
      else if (ended)
        finish(
          new Error(
            `connection closed after ${Buffer.concat(chunks).length} bytes: ${Buffer.concat(chunks).toString('latin1').slice(0, 300)}`,
          ),
        )
    }
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      tryParse(false)
    })
    socket.on('end', () => tryParse(true))
    socket.on('close', () => tryParse(true))
    // A reset after the server answered and hung up is fine; before any answer it is a failure (caught on close).
    socket.on('error', () => {})
    socket.write(request)
  })
}

/** A complete first response in `bytes`, or null while more is needed. */
function parseResponse(bytes: Buffer, ended: boolean, head: boolean): RawResponse | null {
  const end = bytes.indexOf('\r\n\r\n')
  if (end === -1) return null
  const lines = bytes.subarray(0, end).toString('latin1').split('\r\n')
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')
  if (!status) throw new Error(`not an HTTP response: ${lines[0]}`)
  const headers: Record<string, string> = {}
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const rest = bytes.subarray(end + 4)
  const statusCode = Number(status[1])
  // Interim answers (100 Continue) come before the real one.
  if (statusCode >= 100 && statusCode < 200) return parseResponse(rest, ended, head)
  if (statusCode === 304 || statusCode === 204 || head) return { statusCode, headers, body: '' }
  if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length'])
    if (rest.length < length) return null
    return { statusCode, headers, body: rest.subarray(0, length).toString('utf8') }
  }
  if (headers['transfer-encoding'] === 'chunked') {
    const body = dechunk(rest)
    return body === null ? null : { statusCode, headers, body }
  }
  return ended ? { statusCode, headers, body: rest.toString('utf8') } : null
}

function dechunk(bytes: Buffer): string | null {
  const parts: Buffer[] = []
  let at = 0
  for (;;) {
    const eol = bytes.indexOf('\r\n', at)
    if (eol === -1) return null
    const size = Number.parseInt(bytes.subarray(at, eol).toString('latin1'), 16)
    if (size === 0) return Buffer.concat(parts).toString('utf8')
    if (bytes.length < eol + 2 + size + 2) return null
    parts.push(bytes.subarray(eol + 2, eol + 2 + size))
    at = eol + 2 + size + 2
  }
}
