import type { FastifyPluginAsync } from 'fastify';
import { contractCalls } from '../../../shared/api/contracts.contract';
import { loadActor } from '../../plugins/auth';
import { registerCall } from '../../register-call';
import { contractPdf } from './contracts.service';

/** GET /api/v1/contracts/{filename} (SPEC.md §7): a PDF, saved by the browser as 'Contrat-Reservation.pdf'. */
export const contractRoutes: FastifyPluginAsync = async (app) => {
  registerCall(
    app,
    contractCalls.contract,
    async (request, reply) => {
      // Customers and staff share the call: the handler finds which one is calling.
      const actor = await loadActor(app, request);
      const pdf = await contractPdf(app.db, actor, request.params.filename);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', 'attachment; filename="Contrat-Reservation.pdf"')
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
    { onRequest: [] },
  );
};
