import type { FastifyReply } from 'fastify';

/** Turns a view into the bytes sent; the route's own serializer, so its response schema shapes them. */
export type RenderAnswer<V> = (view: V) => string;

/**
 * Sends a finished answer as is. The route's serializer renders it when it is first built (a
 * service keeps it until the data or its staleness changes); repeats are sent without touching it.
 */
export async function sendAnswer<V>(reply: FastifyReply, answer: (render: RenderAnswer<V>) => Promise<string>): Promise<FastifyReply> {
  // A response schema's serializer returns text; the type also allows the bytes of other serializers.
  return reply.type('application/json; charset=utf-8').send(await answer((view) => reply.serialize(view) as string));
}
