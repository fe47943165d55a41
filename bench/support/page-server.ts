import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A bench's web server, run as a child process (`fork`) so that its CPU time is not the client's: it answers
 * every path with the same HTML page of `PAGE_BYTES` bytes, and `/robots.txt` with 404. Reports its port over IPC.
 */
const PAGE_BYTES = Number(process.env.PAGE_BYTES ?? 16_384)
const card =
  '<article class="home"><a href="/homes/x">Oudegracht 12</a><span>€ 1.450 per maand</span></article>\n'
const page = Buffer.from(
  `<!doctype html><html><head><title>bench</title></head><body>${card.repeat(Math.ceil(PAGE_BYTES / card.length))}`
    .slice(0, PAGE_BYTES - 14)
    .concat('</body></html>'),
)

const server = createServer((request, response) => {
  if (request.url === '/robots.txt') {
    response.writeHead(404, { 'content-type': 'text/plain' }).end()
    return
  }
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': page.byteLength })
  response.end(page)
})
server.keepAliveTimeout = 60_000
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port, bytes: page.byteLength })
})
process.on('disconnect', () => server.close(() => process.exit(0)))
