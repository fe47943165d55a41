import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { sendAnswer } from '../compression.js'
import { notModified } from '../conditional.js'
import { problem, sendProblem } from '../problem.js'
import { addressResponseSchema, propertyResponseSchema } from '../property-schemas.js'
import { addressQuerySchema, problemSchema, propertyParamsSchema } from '../schemas.js'

/** `GET /v1/properties/{bag_id}`: the Golden Record of one home; `GET /v1/properties?postcode=…`: those at an address. */
export function registerPropertyRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/properties/:bag_id',
    {
      schema: {
        operationId: 'getProperty',
        tags: ['Properties'],
        summary: 'Get the Golden Record of a home',
        description:
          'By verblijfsobject (or ligplaats/standplaats) id, or by the nummeraanduiding id of one of its addresses. Unknown fields are null.',
        security: [{ ApiKeyAuth: [] }],
        params: propertyParamsSchema,
        response: {
          200: propertyResponseSchema,
          400: problemSchema,
          401: problemSchema,
          404: problemSchema,
          429: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await app.readModel.property(request.params.bag_id)
      if (answer.body === null)
        return sendProblem(reply, problem(404, `No record for BAG id ${request.params.bag_id}`))
      if (notModified(request, reply, answer.published)) return reply
      return sendAnswer(request, reply, { ...answer, body: answer.body })
    },
  )
  app.withTypeProvider<ZodTypeProvider>().get(
    '/properties',
    {
      schema: {
        operationId: 'findProperties',
        tags: ['Properties'],
        summary: 'Find the Golden Records at an address',
        description:
          'By postcode and house number, with the letter and addition when the address has them, read and resolved exactly as the pipeline resolves a listing: one record when the address singles out one home; every candidate when it does not (a number shared by several homes, and no letter or addition that picks one); none when no home is there.',
        security: [{ ApiKeyAuth: [] }],
        querystring: addressQuerySchema,
        response: { 200: addressResponseSchema, 400: problemSchema, 401: problemSchema, 429: problemSchema },
      },
    },
    async (request, reply) => {
      const answer = await app.readModel.propertiesAt(request.query)
      if (notModified(request, reply, answer.published)) return reply
      return sendAnswer(request, reply, answer)
    },
  )
}
