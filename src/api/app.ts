import rateLimit from '@fastify/rate-limit'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify'
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Config } from '../config.js'
import type { Store } from '../store/database.js'
import { type Admission, createAdmission } from './admission.js'
import { registerCompression } from './compression.js'
import { createCorsHook } from './cors.js'
import { answerClientError, refuseWithoutHost } from './malformed-request.js'
import { OPENAPI_OPTIONS } from './openapi.js'
import { createPathParameterChecker, malformedQueryParameters } from './percent-encoding.js'
import { type ParameterError, problem, sendProblem } from './problem.js'
import { createReadModel, type ReadModel } from './read-model.js'
import type { ReadStore } from './read-store.js'
import { registerHealthRoutes } from './routes/health.js'
import { registerListingRoutes } from './routes/listings.js'
import { registerMetricsRoutes } from './routes/metrics.js'
import { registerPropertyRoutes } from './routes/properties.js'
import { registerSourceRoutes } from './routes/sources.js'
import { registerStatusRoutes } from './routes/status.js'
import { sqliteReadStore } from './sqlite-read-store.js'

/** What the app needs: a read-only SQLite store or another read store (a PostgreSQL replica), and the settings. */
export interface AppOptions {
  readonly store: Store | ReadStore
  readonly config: Pick<
    Config,
    'envApiKeys' | 'rateLimitPerMinute' | 'corsOrigins' | 'statusPublic' | 'nightHours'
  >
  /** Log requests with pino. @default false */
  readonly logger?: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    readModel: ReadModel
  }
}

const NO_PARAMETERS = z.strictObject({})
const SERVER_FAULT = 'Something went wrong on our side; it has been logged.'
/** Every route the API has, for 405s: a known path with an unknown method. */
const KNOWN_PATHS = [
  /^\/v1\/listings(\/[^/]+)?\/?$/,
  /^\/v1\/properties(\/[^/]+)?\/?$/,
  /^\/v1\/sources\/?$/,
  /^\/metrics$/,
  /^\/healthz$/,
  /^\/openapi\.json$/,
]

/** Builds the read-only HTTP API. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  // Set once the rate-limit plugin is registered; only requests, which come later, use it.
  let admit: Admission = async () => true
  const pathParameters = createPathParameterChecker()
  const app = Fastify({
    logger: options.logger ?? false,
    // No limit of the router's own on a path parameter: an id of any length reaches its route, so it gets the key
    // check first (401) and then a 400 that names it. Node already caps the request line (16 KB with the headers).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: Number.MAX_SAFE_INTEGER },
    bodyLimit: 1024,
    return503OnClosing: true,
    clientErrorHandler: answerClientError,
    http: { requireHostHeader: false }, // refuseWithoutHost answers instead, with a body
    // A malformed URL (bad percent-encoding) is the client's error, reported as a problem that names the path
    // parameter; under /v1 only once the key is checked, as the router refuses it before any hook runs.
    frameworkErrors: (error, request, reply) => {
      const refuse = () => {
        const errors = pathParameters.malformed(request.url.split('?')[0] ?? '')
        return sendProblem(
          reply,
          errors.length > 0
            ? problem(400, errors.map((e) => e.message).join('; '), errors)
            : problem(error.statusCode && error.statusCode < 500 ? error.statusCode : 400, error.message),
        )
      }
      if (!request.url.startsWith('/v1/')) return refuse()
      admit(request, reply).then(
        (admitted) => admitted && refuse(),
        (failure: Error) => {
          request.log.error(failure)
          sendProblem(reply, problem(500, SERVER_FAULT))
        },
      )
    },
  })
  app.addHook('onRequest', refuseWithoutHost)
  app.addHook('onRoute', (route) => pathParameters.add(route.url))
  app.addHook('onRequest', createCorsHook(options.config.corsOrigins))
  registerCompression(app)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorateRequest('apiKeyHash', '')
  const store = 'engine' in options.store ? options.store : sqliteReadStore(options.store)
  app.decorate('readModel', createReadModel(store))

  await app.register(rateLimit, { global: false })
  await app.register(swagger, OPENAPI_OPTIONS)
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { persistAuthorization: true, tryItOutEnabled: true },
  })

  admit = createAdmission(app, store, options.config)

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = toParameterErrors(error.validation)
      return sendProblem(reply, problem(400, errors.map((e) => e.message).join('; '), errors))
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendProblem(reply, problem(error.statusCode, error.message))
    }
    request.log.error(error)
    return sendProblem(reply, problem(500, SERVER_FAULT))
  })
  app.setNotFoundHandler(notFound)

  // First, so its response hook times every route registered after it.
  registerMetricsRoutes(app)
  registerHealthRoutes(app)
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
  registerStatusRoutes(app, { public: options.config.statusPublic, nightHours: options.config.nightHours })

  await app.register(
    async (v1) => {
      // Authentication comes before anything else, validation included: an unknown key learns nothing.
      v1.addHook('onRequest', async (request, reply) => {
        if (!(await admit(request, reply))) return reply
      })
      // Before validation: a malformed percent-escape is a 400 that names its parameter, not a value matching nothing.
      // A callback hook, as it runs on every request.
      v1.addHook('preValidation', (request, reply, done) => {
        const query = request.url.indexOf('?')
        const errors = query < 0 ? [] : malformedQueryParameters(request.url.slice(query + 1))
        if (errors.length === 0) return done()
        sendProblem(reply, problem(400, errors.map((e) => e.message).join('; '), errors))
      })
      // A route that takes no query parameters still refuses unknown ones, as those that take some do.
      v1.addHook('onRoute', (route) => {
        route.schema = { querystring: NO_PARAMETERS, ...route.schema }
      })
      registerListingRoutes(v1)
      registerPropertyRoutes(v1)
      registerSourceRoutes(v1)
      // Registered inside /v1 so the auth hook runs first: an unknown /v1 path without a key is a 401 too.
      v1.setNotFoundHandler(notFound)
    },
    { prefix: '/v1' },
  )
  return app
}

/** 405 with `Allow` for a known path and another method; 404 otherwise. */
function notFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? ''
  if (KNOWN_PATHS.some((p) => p.test(path))) {
    reply.header('Allow', 'GET, HEAD')
    return sendProblem(reply, problem(405, `${request.method} is not allowed here; use GET`))
  }
  return sendProblem(reply, problem(404, `No route ${path}`))
}

/**
 * Names each invalid parameter: unknown keys one by one, others by their path, with the messages the parameter
 * schemas wrote (parameter-schemas.ts); a check that failed twice for one value is said once.
 */
function toParameterErrors(validation: FastifyError['validation']): ParameterError[] {
  const out: ParameterError[] = []
  const add = (error: ParameterError) => {
    if (!out.some((e) => e.parameter === error.parameter && e.message === error.message)) out.push(error)
  }
  for (const item of validation ?? []) {
    const keys = (item.params as { keys?: unknown }).keys
    if (item.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
      for (const key of keys) add({ parameter: String(key), message: `unknown parameter ${String(key)}` })
      continue
    }
    const parameter = item.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'request'
    add({ parameter, message: item.message ?? `${parameter} is not valid` })
  }
  return out
}
