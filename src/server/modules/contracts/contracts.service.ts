import { PAYMENT_MESSAGES } from '../../../shared/api/payments.schema';
import { amountDueCents } from '../../../shared/payment-rules';
import { eurosToCents } from '../../../shared/money';
import { lineTotal } from '../../../shared/pricing';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { accessBooking, keptInSurprise, type Actor } from '../bookings/booking-access.public';
import { findBookingIdByReference, findCustomerSummary, listBookingItems } from '../bookings/booking-rows.service';
import { getEstablishmentInfo } from '../establishment/establishment.service';
import { contractFilename } from '../payments/payment-view.public';
import { paymentConfigByContract, paymentConfigOf } from '../payments/payment-config.service';
import { renderContractPdf } from './contract-pdf';
import { CURRENT_CANCELLATION_TERMS } from '../../../shared/refund-policy';

const unavailable = () => AppError.of('NOT_FOUND', PAYMENT_MESSAGES.contractUnavailable);

/** The booking a contract file name names: a generated name, or 'contrat-{reference}.pdf'. */
async function bookingIdOf(db: Db, filename: string): Promise<string> {
  if (filename.length > 200) throw unavailable();
  const generated = await paymentConfigByContract(db, filename);
  if (generated) return generated.bookingId;
  const match = /^contrat-([A-Za-z0-9-]{3,40})\.pdf$/.exec(filename);
  if (!match) throw unavailable();
  const id = await findBookingIdByReference(db, match[1]!);
  if (!id) throw unavailable();
  return id;
}

/**
 * GET /api/v1/contracts/{filename}: the PDF, made from the booking as it stands, for its members
 * and the staff only; anyone else gets the same 404 as for a file that does not exist.
 */
export async function contractPdf(db: Db, actor: Actor, filename: string): Promise<Buffer> {
  const bookingId = await bookingIdOf(db, filename);
  let access;
  try {
    access = await accessBooking(db, bookingId, actor);
  } catch {
    throw unavailable();
  }
  const { booking } = access;
  // The contract lists the programme: a guest of honour of a surprise cannot read it.
  if (keptInSurprise(access)) throw unavailable();
  const config = await paymentConfigOf(db, bookingId);
  if (!config || (actor.kind === 'customer' && booking.adminValidation !== 'validated')) throw unavailable();
  if (contractFilename(booking, config) !== filename) throw unavailable();
  const [items, customer, park] = await Promise.all([
    listBookingItems(db, bookingId),
    findCustomerSummary(db, booking.customerId),
    getEstablishmentInfo(db),
  ]);
  return renderContractPdf({
    reference: booking.reference,
    park: {
      name: park.name,
      legalName: park.legalName ?? park.name,
      siret: park.siret ?? '',
      address: `${park.address.street}, ${park.address.zipCode} ${park.address.city}, ${park.address.country}`,
      phone: park.phone,
      email: park.email,
      website: park.website,
    },
    customer: {
      name: `${customer?.firstName ?? ''} ${customer?.lastName ?? ''}`.trim(),
      email: customer?.email ?? booking.mainContact.email,
      phone: booking.mainContact.phone,
    },
    event: {
      type: booking.type,
      startDate: booking.startDate,
      endDate: booking.endDate,
      participants: booking.participants,
      note: booking.note,
    },
    lines: items.map((item) => ({
      day: item.scheduledDate,
      time: item.startTime && item.endTime ? `${item.startTime}-${item.endTime}` : null,
      name: item.name,
      participants: item.participants,
      totalCents: eurosToCents(
        lineTotal({
          pricing: { basePrice: item.basePriceCents / 100, pricingType: item.pricingType },
          participants: item.participants,
        }),
      ),
    })),
    payment: {
      type: config.type,
      totalCents: config.totalCents,
      dueCents: amountDueCents(config),
      percentage: config.percentage,
      dueAt: config.dueAt,
      instructions: config.instructions,
    },
    cancellationTerms: booking.cancellationTerms ?? CURRENT_CANCELLATION_TERMS,
    issuedAt: new Date(),
  });
}
