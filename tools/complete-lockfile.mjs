// Restores the platform-specific optional packages (biome, rollup, …) that npm leaves out of
// package-lock.json when its registry mirror does not carry them. Without those entries `npm ci`
// refuses to install anywhere ("Missing: @rollup/rollup-darwin-arm64@ from lock file"), although
// no machine needs more than its own platform's binary. Each restored entry carries the exact
// version the parent pins and the os/cpu/libc read off the package name, so npm skips it on every
// other platform and fetches it (by name and version) on the one it is for.
//
// Run after any dependency change: npm run complete-lockfile
import { readFileSync, writeFileSync } from 'node:fs'

const OS = [
  'aix',
  'android',
  'darwin',
  'freebsd',
  'linux',
  'netbsd',
  'openbsd',
  'openharmony',
  'sunos',
  'win32',
]
const CPU = ['arm', 'arm64', 'ia32', 'loong64', 'mips64el', 'ppc64', 'riscv64', 's390x', 'x64']

/** The os, cpu and libc a platform package's name encodes, e.g. rollup-linux-x64-musl. */
function platformOf(name) {
  const tokens = name.split('/').pop().split('-')
  const os = tokens.find((t) => OS.includes(t))
  const cpu = tokens.find((t) => CPU.includes(t))
  if (!os || !cpu) return undefined
  const libc =
    os !== 'linux' ? undefined : tokens.includes('musl') || tokens.includes('musleabihf') ? 'musl' : 'glibc'
  return { os: [os], cpu: [cpu], ...(libc ? { libc: [libc] } : {}) }
}

const path = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(readFileSync(path, 'utf8'))
const added = []
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${key ? `${key}/` : ''}node_modules/${name}`
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue
    const platform = platformOf(name)
    if (!platform || !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) continue
    // Fields in npm's own order (version first, then by name), so a later `npm install` leaves them as they are.
    const { os, cpu, libc } = platform
    lock.packages[`node_modules/${name}`] = {
      version,
      cpu,
      ...(entry.dev ? { dev: true } : {}),
      ...(libc ? { libc } : {}),
      optional: true,
      os,
    }
    added.push(`${name}@${version}`)
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
)
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`)
console.log(added.length ? `restored ${added.length}: ${added.join(', ')}` : 'lock file complete')
