import type { FastifyReply } from 'fastify'

/** One invalid parameter and why. */
export interface ParameterError {
  readonly parameter: string
  readonly message: string
}

/** An RFC 9457 problem details body. */
export interface Problem {
  readonly type: string
  readonly title: string
  readonly status: number
  readonly detail: string
  readonly errors?: readonly ParameterError[]
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

/** Builds a problem body; the `type` URI names the status so clients can switch on it. */
export function problem(status: number, detail: string, errors?: readonly ParameterError[]): Problem {
  const title = TITLES[status] ?? 'Error'
  return {
    type: `https://propdata.dev/problems/${title.toLowerCase().replace(/\s+/g, '-')}`,
    title,
    status,
    detail,
    ...(errors && errors.length > 0 ? { errors } : {}),
  }
}

/** Sends a problem with the right status and media type. */
export function sendProblem(reply: FastifyReply, body: Problem): FastifyReply {
  return reply.code(body.status).type('application/problem+json').send(JSON.stringify(body))
}
