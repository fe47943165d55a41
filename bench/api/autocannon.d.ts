// The parts of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string
    connections?: number
    duration?: number
    headers?: Record<string, string>
    requests?: { setupRequest?: (request: { path: string }) => { path: string } }[]
  }
  interface Result {
    requests: { average: number; total: number }
    throughput: { total: number }
    latency: { p50: number; p99: number }
    non2xx: number
  }
  export default function autocannon(options: Options): Promise<Result>
}
