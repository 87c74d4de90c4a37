import { Alert, Box, Button, Card, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import {
  DUE_CHOICES,
  DUE_CHOICE_LABELS,
  GUARANTEE_SETTLEMENTS,
  type DueChoice,
  type GuaranteeSettlement,
} from '@shared/guarantee-choices';
import { PAYMENT_MESSAGES } from '@shared/payment-messages';
import type { OrganizerGuarantee } from '@shared/api/payments.schema';
import { failureMessage } from '@renderer/shared/api/error-message';
import { formatEuros, formatShortDate } from '@renderer/shared/format/format';
import { ConfirmDialog } from '@renderer/shared/ui/confirm-dialog';
import { notify } from '@renderer/shared/ui/toaster';
import { chooseAtDueDate, saveGuarantee, startGuaranteeSetup } from './api/guarantee';
import { useStripeConfig } from './api/get-stripe-config';
import { useRefreshBooking } from './use-refresh-booking';

const CardSetupForm = lazy(() => import('./card-setup-form'));

/** The organizer's words for the two settlements (the API's own labels are longer). */
export const SETTLEMENT_CHOICES: Record<GuaranteeSettlement, string> = {
  refund: 'Les participants qui paieront ensuite me seront remboursés',
  self: 'Je m’arrange avec eux',
};

/** A choice the screen does not know yet (a new server option) keeps a readable label. */
export function dueChoiceLabel(choice: string): string {
  return (DUE_CHOICE_LABELS as Record<string, string | undefined>)[choice] ?? choice.replaceAll('_', ' ');
}

function RadioList<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: { value: T; label: string }[];
  value: T | null;
  onChange: (value: T) => void;
}) {
  return (
    <Box as="fieldset" borderWidth="0" m="0" p="0">
      <Text as="legend" fontWeight="semibold" mb="2">
        {legend}
      </Text>
      <Stack gap="2">
        {options.map((option) => (
          <Box
            as="label"
            key={option.value}
            display="flex"
            alignItems="center"
            gap="3"
            minH="44px"
            px="3"
            borderWidth="1px"
            borderRadius="md"
            cursor="pointer"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              style={{ width: 20, height: 20 }}
            />
            <Text>{option.label}</Text>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

/**
 * The organizer's guarantee of a collective payment (docs/decisions.md, "The organizer's
 * guarantee"): the settlement chosen, the consent the server answers with, the card saved with
 * `confirmSetup`, then the saved state with its charge date.
 */
export function GuaranteeSetup({ bookingId, guarantee }: { bookingId: string; guarantee: OrganizerGuarantee }) {
  const config = useStripeConfig();
  const refresh = useRefreshBooking();
  const [settlement, setSettlement] = useState<GuaranteeSettlement | null>(null);
  const setup = useMutation({ mutationFn: (chosen: GuaranteeSettlement) => startGuaranteeSetup(bookingId, chosen) });

  if (guarantee.saved) {
    return (
      <Alert.Root status="success" data-testid="guarantee-saved">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Votre carte de garantie est enregistrée</Alert.Title>
          <Alert.Description>
            Ce qui restera impayé le {formatShortDate(guarantee.chargeAt)} y sera débité.
            {guarantee.settlement && ` ${SETTLEMENT_CHOICES[guarantee.settlement]}.`}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (!guarantee.available) return null;
  const publishableKey = config.data?.publishable_key;
  return (
    <Card.Root variant="outline" data-testid="guarantee-setup">
      <Card.Body gap="4">
        <Heading as="h3" size="md">
          Garantir le paiement du groupe
        </Heading>
        <Text>
          Enregistrez votre carte : elle n’est pas débitée maintenant. À la date limite, seul ce que les participants
          n’auront pas réglé y sera débité, et votre réservation sera confirmée.
        </Text>
        {!setup.data ? (
          <>
            <RadioList
              legend="Si un participant paie après ce débit"
              name="guarantee-settlement"
              options={GUARANTEE_SETTLEMENTS.map((value) => ({ value, label: SETTLEMENT_CHOICES[value] }))}
              value={settlement}
              onChange={setSettlement}
            />
            {setup.isError && (
              <Text color="fg.error" role="alert">
                {failureMessage(setup.error, { fallback: PAYMENT_MESSAGES.initiatePayment })}
              </Text>
            )}
            <Button
              variant="outline"
              colorPalette="brand"
              size="lg"
              alignSelf={{ base: 'stretch', sm: 'flex-start' }}
              disabled={!settlement}
              loading={setup.isPending}
              onClick={() => settlement && setup.mutate(settlement)}
            >
              Continuer
            </Button>
          </>
        ) : (
          <Stack gap="4">
            <Text fontSize="sm" data-testid="guarantee-consent">
              {setup.data.consent}
            </Text>
            {config.isPending ? (
              <Spinner role="status" aria-label="Chargement du formulaire de carte" />
            ) : publishableKey ? (
              <Suspense fallback={<Spinner role="status" aria-label="Chargement du formulaire de carte" />}>
                <CardSetupForm
                  clientSecret={setup.data.client_secret}
                  publishableKey={publishableKey}
                  returnUrl={`${window.location.origin}/booking/${encodeURIComponent(bookingId)}`}
                  save={(setupIntentId) => saveGuarantee(bookingId, setupIntentId)}
                  onSaved={(message) => {
                    notify.success(message);
                    void refresh();
                  }}
                  formLabel="Enregistrement de la carte de garantie"
                />
              </Suspense>
            ) : (
              <Text role="alert">{PAYMENT_MESSAGES.configuration}</Text>
            )}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The organizer's choice before the due date (docs/decisions.md, "The organizer's guarantee"): the
 * options come from DUE_CHOICES (the guarantee only when a card is saved), confirmed in a dialog,
 * then the server's message.
 */
export function DueChoiceCard({ bookingId, guarantee }: { bookingId: string; guarantee: OrganizerGuarantee }) {
  const refresh = useRefreshBooking();
  const [choice, setChoice] = useState<DueChoice | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const choose = useMutation({ mutationFn: (chosen: DueChoice) => chooseAtDueDate(bookingId, chosen) });
  const { dueChoice } = guarantee;
  if (answer) {
    return (
      <Alert.Root status="success" data-testid="due-choice-done">
        <Alert.Indicator />
        <Alert.Title>{answer}</Alert.Title>
      </Alert.Root>
    );
  }
  if (!dueChoice.open) {
    return dueChoice.madeChoice ? (
      <Text data-testid="due-choice-made">Votre choix à l’échéance : {dueChoiceLabel(dueChoice.madeChoice)}.</Text>
    ) : null;
  }
  const options = DUE_CHOICES.filter((value) => value !== 'guarantee' || guarantee.saved).map((value) => ({
    value,
    label: dueChoiceLabel(value),
  }));
  return (
    <Card.Root variant="outline" borderColor="orange.solid" data-testid="due-choice">
      <Card.Body gap="4">
        <Heading as="h3" size="md">
          La date limite approche
        </Heading>
        <Text>
          Il reste {formatEuros(dueChoice.unpaidAmount)} à régler par les participants d’ici le{' '}
          {formatShortDate(guarantee.chargeAt)}. Que souhaitez-vous faire ?
        </Text>
        <RadioList legend="Votre choix" name="due-choice" options={options} value={choice} onChange={setChoice} />
        <ConfirmDialog
          title="Confirmer votre choix"
          confirmLabel="Confirmer"
          loadingText="Enregistrement..."
          busy={choose.isPending}
          onConfirm={async () => {
            if (!choice) return false;
            try {
              const result = await choose.mutateAsync(choice);
              setAnswer(result.message);
              void refresh();
              return true;
            } catch (error) {
              notify.error(failureMessage(error, { fallback: PAYMENT_MESSAGES.paymentFailed }));
              return false;
            }
          }}
          trigger={
            <Button colorPalette="brand" size="lg" alignSelf={{ base: 'stretch', sm: 'flex-start' }} disabled={!choice}>
              Valider mon choix
            </Button>
          }
        >
          <Text>{choice ? `${dueChoiceLabel(choice)} : ce choix ne pourra plus être modifié en ligne.` : ''}</Text>
        </ConfirmDialog>
      </Card.Body>
    </Card.Root>
  );
}
