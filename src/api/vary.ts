import type { FastifyReply } from 'fastify'

/** Adds `field` to the response's `Vary` header, keeping the fields already there. */
export function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('Vary')
  if (current === undefined || current === '') {
    reply.header('Vary', field)
    return
  }
  const fields = String(current)
    .split(',')
    .map((f) => f.trim().toLowerCase())
  if (!fields.includes(field.toLowerCase()) && !fields.includes('*'))
    reply.header('Vary', `${current}, ${field}`)
}
