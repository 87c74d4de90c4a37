import { DEPOSIT_CARD_MESSAGES } from '../../../shared/api/deposit-card.schema';
import type { GuaranteeSettlement } from '../../../shared/api/guarantee.schema';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import type { SavedCardPort } from '../../providers/payments/payment-provider';
import { claimDepositCard, findDepositCard, setGuaranteeSettlement } from './deposit-cards.repository';
import { providerFailure } from './payment-context';

/*
 * The SetupIntent of a booking's saved card, shared by the card deposit and the organizer's
 * guarantee (docs/decisions.md, "Card holds on a saved card"): one per booking (`deposit_cards`),
 * the same one on a retry; only the provider's customer and payment method ids are kept.
 */

export interface CardSetupRequest {
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
  /** The guarantee's choice, recorded on the booking's card row (updated while not saved yet). */
  settlement?: GuaranteeSettlement;
}

/** The booking's SetupIntent (created once) and its card row. Provider errors answered in French. */
export async function openCardSetup(db: Db, savedCards: SavedCardPort, bookingId: string, request: CardSetupRequest) {
  try {
    const known = await findDepositCard(db, bookingId);
    const setup = known
      ? await savedCards.retrieveCardSetup(known.setupIntentId)
      : await savedCards.createCardSetup({
          idempotencyKey: request.idempotencyKey,
          description: request.description,
          metadata: request.metadata,
        });
    if (known && request.settlement) await setGuaranteeSettlement(db, bookingId, request.settlement);
    const row =
      known && request.settlement && !known.paymentMethodId
        ? { ...known, guaranteeSettlement: request.settlement }
        : (known ??
          (await claimDepositCard(db, {
            bookingId,
            setupIntentId: setup.setupIntentId,
            providerCustomerId: setup.customerId,
            ...(request.settlement ? { guaranteeSettlement: request.settlement } : {}),
          })));
    return { setup, row };
  } catch (error) {
    return providerFailure(error);
  }
}

/** The payment method of a SetupIntent the customer confirmed; a French error when it is not. */
export async function confirmedPaymentMethod(savedCards: SavedCardPort, setupIntentId: string): Promise<string> {
  let setup;
  try {
    setup = await savedCards.retrieveCardSetup(setupIntentId);
  } catch (error) {
    return providerFailure(error);
  }
  if (setup.status !== 'succeeded' || !setup.paymentMethodId) {
    throw AppError.of('CARD_NOT_CONFIRMED', DEPOSIT_CARD_MESSAGES.notConfirmed);
  }
  return setup.paymentMethodId;
}
