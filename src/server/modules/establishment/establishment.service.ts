import type { EstablishmentInfo, StripeConfig } from '../../../shared/api/establishment.schema';
import { ESTABLISHMENT_ID } from '../../../shared/constants';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { findEstablishment } from './establishment.repository';

export async function getEstablishmentInfo(db: Db): Promise<EstablishmentInfo> {
  const row = await findEstablishment(db, ESTABLISHMENT_ID);
  if (!row) throw new AppError('NOT_FOUND', 404, 'Établissement non trouvé');
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    address: { street: row.street, zipCode: row.zipCode, city: row.city, country: row.country },
    phone: row.phone,
    email: row.email,
    website: row.website,
    legalName: row.legalName,
    siret: row.siret,
    openingHours: row.openingHours,
    socialLinks: row.socialLinks,
  };
}

/**
 * Card payments go through Stripe when its keys are configured, otherwise through the built-in
 * test provider (DESIGN.md §3), which can always receive (test) payments.
 */
export function getStripeConfig(config: Config): StripeConfig {
  const configured = Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY);
  return {
    stripe_configured: configured,
    payment_mode: configured ? 'stripe' : 'test',
    can_receive_payments: true,
    publishable_key: configured ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
  };
}
