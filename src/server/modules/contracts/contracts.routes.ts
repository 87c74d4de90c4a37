import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadActor } from '../../plugins/auth';
import { contractPdf } from './contracts.service';

/** GET /api/v1/contracts/{filename} (SPEC.md §7): a PDF, saved by the browser as 'Contrat-Reservation.pdf'. */
export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/contracts/:filename',
    { schema: { params: z.object({ filename: z.string() }) } },
    async (request, reply) => {
      const actor = await loadActor(app, request);
      const pdf = await contractPdf(app.db, actor, request.params.filename);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', 'attachment; filename="Contrat-Reservation.pdf"')
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );
};
