import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { establishmentInfoResponse, stripeConfigResponse } from '../../../shared/api/establishment.schema';
import { getEstablishmentInfo, getStripeConfig } from './establishment.service';

export const establishmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/establishment/info',
    { config: { access: 'public' }, schema: { response: { 200: establishmentInfoResponse } } },
    async () => ({ success: true as const, data: await getEstablishmentInfo(app.db) }),
  );

  app.get(
    '/api/v1/establishment/stripe-config',
    { config: { access: 'public' }, schema: { response: { 200: stripeConfigResponse } } },
    async () => {
      const data = getStripeConfig(app.config);
      return { success: true as const, data, ...data };
    },
  );
};
