// A worker started from the TypeScript sources (under vitest, or a script run with tsx) lacks the TypeScript loader
// its parent has: register it, then start as a compiled worker does.
import { register } from 'tsx/esm/api'

register()
await import('./worker-entry.ts')
