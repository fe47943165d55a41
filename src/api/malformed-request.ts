import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { problem, sendProblem } from './problem.js'

/**
 * Answers what Node's HTTP parser refuses before any route sees it (a malformed request line or header, headers
 * over the size limit, a request that arrives too slowly) with a problem+json body, like every other error; Fastify's
 * default writes a JSON shape of its own. The connection is closed afterwards, as the parser's state is unknown.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, detail] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request line and headers are larger than the server accepts']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request did not arrive in time']
        : [400, 'The request is not valid HTTP']
  const body = JSON.stringify(problem(status, detail))
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/problem+json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy(error)
}

/**
 * An `onRequest` hook refusing HTTP/1.1 requests without `Host` (RFC 9112 §3.2) with a problem+json 400. It stands
 * in for Node's own check (`requireHostHeader`, switched off in the app), which answers with an empty body.
 */
export async function refuseWithoutHost(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.raw.httpVersion === '1.1' && !request.headers.host) {
    reply.header('Connection', 'close')
    await sendProblem(reply, problem(400, 'An HTTP/1.1 request needs a Host header'))
  }
}
