import type { FastifyPluginAsync } from 'fastify';
import { publicCalls } from '../../../shared/api/public.contract';
import { registerCall, registerDataCall } from '../../register-call';
import { getEstablishmentInfo, getStripeConfig } from './establishment.service';

export const establishmentRoutes: FastifyPluginAsync = async (app) => {
  registerDataCall(app, publicCalls.establishmentInfo, () => getEstablishmentInfo(app.db));

  registerCall(app, publicCalls.establishmentStripeConfig, () => {
    const data = getStripeConfig(app.config);
    return { success: true as const, data, ...data };
  });
};
