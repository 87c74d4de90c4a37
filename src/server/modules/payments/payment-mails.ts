import type { Db } from '../../db/client';
import type { Tx } from '../../db/transaction';
import type { PassFile, ServiceDeps } from '../../deps';
import type { MailMessage } from '../mail/mailer.public';
import { bookingConfirmedMail, depositAuthorizedMail, paymentReceivedMail } from '../mail/payment-templates.public';
import type { BookingMailDetails, MailContext } from '../mail/templates.public';
import { findCustomerSummary } from '../bookings/booking-rows.service';
import { guaranteeChargedMail } from '../mail/guarantee-templates.public';
import { findDepositCard } from './deposit-cards.repository';
import type { PaymentRow } from './payments.repository';

export type EffectDeps = Pick<ServiceDeps, 'db' | 'mailer' | 'mailContext' | 'log' | 'passes'>;

/**
 * The e-mails of the effects applied in one transaction, written in that transaction (docs/decisions.md,
 * "E-mail"): a replayed or concurrent effect that changes nothing writes none, a rolled back one leaves none.
 */
export class EffectMails {
  private constructor(
    private readonly deps: EffectDeps,
    readonly context: MailContext,
  ) {}

  /** Read before the transaction opens: PGlite runs one statement at a time, outside it would wait. */
  static async open(deps: EffectDeps): Promise<EffectMails> {
    return new EffectMails(deps, await deps.mailContext());
  }

  async add(tx: Tx, message: MailMessage): Promise<void> {
    await this.deps.mailer.queue(tx, message);
  }

  /** The booking's personal passes to attach (none when the deps carry no pass key). */
  passesOf(tx: Tx, bookingId: string): Promise<PassFile[]> {
    return this.deps.passes ? this.deps.passes(tx, bookingId) : Promise.resolve([]);
  }
}

export interface SettledBooking {
  booking: {
    id: string;
    reference: string;
    customerId: string;
    startDate: string;
    mainContact: { email: string; firstName: string };
  };
  totalCents: number;
  paidCents: number;
  /** True when this settlement moved the booking to 'confirmed'. */
  confirmed: boolean;
  /** Collective payment: joined participants who paid, of how many. */
  collective: { paid: number; total: number } | null;
}

async function personOf(db: Db, customerId: string | null, fallback?: { email: string; firstName: string }) {
  const found = customerId ? await findCustomerSummary(db, customerId) : undefined;
  return found ? { email: found.email, firstName: found.firstName } : fallback;
}

/** The mails one applied effect gives: payment received or hold authorized to the payer, confirmation to the organizer. */
export async function mailEffect(
  tx: Tx,
  mails: EffectMails,
  moved: PaymentRow,
  settled: SettledBooking | undefined,
): Promise<void> {
  if (!settled) return;
  const { booking } = settled;
  /** One booking mail to `person`: their address, their first name in the greeting. */
  const mailTo = <Extra>(
    person: { email: string; firstName: string },
    template: (context: MailContext, to: string, details: BookingMailDetails & Extra) => MailMessage,
    extra: Extra,
  ) =>
    mails.add(
      tx,
      template(mails.context, person.email, {
        reference: booking.reference,
        bookingId: booking.id,
        firstName: person.firstName,
        ...extra,
      }),
    );
  const payer = await personOf(tx, moved.payerCustomerId);
  if (
    payer &&
    moved.status === 'completed' &&
    (moved.kind === 'full' || moved.kind === 'partial' || moved.kind === 'share')
  ) {
    await mailTo(payer, paymentReceivedMail, {
      kind: moved.kind,
      amountCents: moved.capturedCents,
      balanceCents: Math.max(0, settled.totalCents - settled.paidCents),
    });
  }
  if (payer && moved.status === 'authorized' && moved.kind === 'deposit') {
    await mailTo(payer, depositAuthorizedMail, { amountCents: moved.amountCents });
  }
  if (moved.status === 'completed' && moved.kind === 'guarantee') {
    // The organizer's guarantee charged at the due date (docs/decisions.md, "The organizer's guarantee").
    const card = await findDepositCard(tx, booking.id);
    const organizer = (await personOf(tx, booking.customerId, booking.mainContact))!;
    await mailTo(organizer, guaranteeChargedMail, {
      amountCents: moved.capturedCents,
      refundLaterPayers: card?.guaranteeSettlement === 'refund',
    });
    return;
  }
  if (settled.confirmed) {
    const organizer = (await personOf(tx, booking.customerId, booking.mainContact))!;
    // The confirmation carries the personal pass of each participant who joined (docs/decisions.md, "On site").
    const passes = await mails.passesOf(tx, booking.id);
    const message = bookingConfirmedMail(mails.context, organizer.email, {
      reference: booking.reference,
      bookingId: booking.id,
      firstName: organizer.firstName,
      startDate: booking.startDate,
      collective: settled.collective,
      passes: passes.map((pass) => ({ cid: pass.attachment.cid, caption: pass.name })),
    });
    await mails.add(tx, { ...message, attachments: passes.map((pass) => pass.attachment) });
  }
}
