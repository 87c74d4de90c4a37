import type { EstablishmentInfo, StripeConfig } from '../../../shared/api/establishment.schema';
import { ESTABLISHMENT_ID } from '../../../shared/constants';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { z } from 'zod';
import type { establishmentUpdateBody, ParkSettings, parkSettingsBody } from '../../../shared/api/staff.schema';
import { findEstablishment, updateEstablishment } from './establishment.repository';

export async function getEstablishmentInfo(db: Db): Promise<EstablishmentInfo> {
  const row = await findEstablishment(db, ESTABLISHMENT_ID);
  if (!row) throw AppError.of('NOT_FOUND', 'Établissement non trouvé');
  return toEstablishmentInfo(row);
}

/**
 * The park's public details (back-office, admin): the footer, the legal pages and the e-mails
 * read them from here at each use, so the change shows at once.
 */
export async function updateEstablishmentInfo(db: Db, body: z.output<typeof establishmentUpdateBody>) {
  const row = await updateEstablishment(db, ESTABLISHMENT_ID, {
    name: body.name,
    description: body.description,
    street: body.address.street,
    zipCode: body.address.zipCode,
    city: body.address.city,
    country: body.address.country,
    phone: body.phone,
    email: body.email.toLowerCase(),
    website: body.website,
  });
  if (!row) throw AppError.of('NOT_FOUND', 'Établissement non trouvé');
  return toEstablishmentInfo(row);
}

/** The park's settings (docs/decisions.md, "Card deposit ceiling"), read at each use. */
export async function getParkSettings(db: Db): Promise<ParkSettings> {
  const row = await findEstablishment(db, ESTABLISHMENT_ID);
  if (!row) throw AppError.of('NOT_FOUND', 'Établissement non trouvé');
  return { cardDepositMaxEuros: row.cardDepositMaxEuros };
}

export async function updateParkSettings(db: Db, body: z.output<typeof parkSettingsBody>): Promise<ParkSettings> {
  const row = await updateEstablishment(db, ESTABLISHMENT_ID, { cardDepositMaxEuros: body.cardDepositMaxEuros });
  if (!row) throw AppError.of('NOT_FOUND', 'Établissement non trouvé');
  return { cardDepositMaxEuros: row.cardDepositMaxEuros };
}

function toEstablishmentInfo(row: NonNullable<Awaited<ReturnType<typeof findEstablishment>>>): EstablishmentInfo {
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
    // The server pays through Stripe as soon as its secret key is set; without the publishable key
    // the renderer then shows 'Erreur de configuration des paiements' (SPEC.md §8).
    payment_mode: config.STRIPE_SECRET_KEY ? 'stripe' : 'test',
    can_receive_payments: true,
    publishable_key: configured ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
  };
}
