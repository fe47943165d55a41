// A worker thread starts without the TypeScript loader the main thread registered: register it, then run the build.
import { register } from 'tsx/esm/api'

register()
await import('./property-documents-worker.ts')
