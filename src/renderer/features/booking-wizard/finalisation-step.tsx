import { Alert, Card, Center, Grid, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { UserRoundCheck } from 'lucide-react';
import { atom, useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useState, type ReactNode } from 'react';
import type { EventStep, MainContact } from '@shared/api/booking-request.schema';
import { WIZARD_MESSAGES } from '@shared/booking-messages';
import type { Customer } from '@shared/api/customer.schema';
import { failureMessage } from '@renderer/shared/api/error-message';
import { useRegister } from '@renderer/shared/session/account-api';
import { useSession } from '@renderer/shared/session/use-session';
import { notify } from '@renderer/shared/ui/toaster';
import { AccountFormView, ConnectedFormView } from './account-form';
import { useEventDays } from './activities-step';
import { useCreateBookingRequest } from './api/create-booking-request';
import { bookingRequestBody, requestNote } from './booking-request-body';
import { BookingSummary } from './booking-summary';
import { InlineLogin } from './inline-login';
import { useWizardLines } from './use-wizard-lines';
import { accountAtom, resetDraftAtom, stepAtom } from './wizard-draft';
import type { AccountForm, ConnectedForm } from './wizard.schema';
import { PreviousButton, StepActions, StepHeading } from './wizard-ui';
import { BreakableEmail } from '@renderer/shared/ui/breakable';

export const SUBMIT_MESSAGES = {
  emailTaken: 'Cet email existe déjà. Essayez de vous connecter.',
  failure: 'Erreur lors de la création de votre demande. Veuillez réessayer.',
  accountAndRequest: 'Votre compte a été créé et votre demande envoyée avec succès !',
  request: 'Votre demande a été envoyée avec succès !',
  accountCreated: "Votre compte a été créé : vous êtes connecté. Il ne reste qu'à renvoyer votre demande.",
} as const;

/** SPEC.md §8 'Wizard and registration'. A 5xx carries no useful text for the user. */
export function submitFailureMessage(error: unknown, duringRegistration: boolean): string {
  return failureMessage(error, {
    byStatus: duringRegistration ? { 409: SUBMIT_MESSAGES.emailTaken } : {},
    format: (message) => `Erreur: ${message}`,
    fallback: SUBMIT_MESSAGES.failure,
  });
}

/**
 * Set once this visit created the account, so that a request retried after a failure still says
 * the account was created. Not stored: a reload only loses the wording.
 */
const accountCreatedAtom = atom(false);

/** Step 3 'Finalisation' (SPEC.md §2): account (or logged-in customer), remarks, terms, summary. */
export function FinalisationStep({
  event,
  onSubmitted,
}: {
  event: EventStep;
  onSubmitted: (bookingRequestId: string) => void;
}) {
  const session = useSession();
  const { lines } = useWizardLines(event.participants);
  const days = useEventDays(event, lines);
  const account = useAtomValue(accountAtom);
  const setStep = useSetAtom(stepAtom);
  const resetDraft = useSetAtom(resetDraftAtom);
  const [accountCreated, setAccountCreated] = useAtom(accountCreatedAtom);
  const registerMutation = useRegister();
  const createRequest = useCreateBookingRequest();
  // While a visitor's submission runs, their form stays on screen even once registration has
  // logged them in; if the request then fails, the logged-in form takes over for the retry.
  const [guestSubmitting, setGuestSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [loginOpen, setLoginOpen] = useState(false);
  const [loginEmail, setLoginEmail] = useState('');

  const fail = (message: string) => {
    setFailure(message);
    notify.error(message);
  };

  const sendRequest = async (customer: Customer, mainContact: MainContact, note: string, createdNow: boolean) => {
    try {
      const created = await createRequest.mutateAsync(
        bookingRequestBody({ customerId: customer._id, event, mainContact, note, lines }),
      );
      notify.success(createdNow || accountCreated ? SUBMIT_MESSAGES.accountAndRequest : SUBMIT_MESSAGES.request);
      setAccountCreated(false);
      resetDraft();
      onSubmitted(created.bookingRequestId);
    } catch (error) {
      fail(submitFailureMessage(error, false));
    }
  };

  const hasLines = () => {
    if (lines.length > 0) return true;
    fail(WIZARD_MESSAGES.noActivity);
    return false;
  };

  const onGuestSubmit = async (form: AccountForm) => {
    if (!hasLines()) return;
    setFailure(null);
    setGuestSubmitting(true);
    try {
      const contact = { firstName: form.firstName, lastName: form.lastName, email: form.email, phone: form.phone };
      let customer: Customer;
      try {
        ({ customer } = await registerMutation.mutateAsync({ ...contact, password: form.password }));
      } catch (error) {
        const message = submitFailureMessage(error, true);
        fail(message);
        if (message === SUBMIT_MESSAGES.emailTaken) {
          setLoginEmail(form.email);
          setLoginOpen(true);
        }
        return;
      }
      setAccountCreated(true);
      await sendRequest(customer, contact, requestNote(form.notes, form.address), true);
    } finally {
      setGuestSubmitting(false);
    }
  };

  const onConnectedSubmit = async (form: ConnectedForm) => {
    const customer = session.user;
    if (!customer || !hasLines()) return;
    setFailure(null);
    const contact = {
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      phone: customer.phone,
    };
    await sendRequest(customer, contact, requestNote(form.notes), false);
  };

  const footer = (submit: ReactNode) => (
    <Stack gap="4">
      {failure && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{failure}</Alert.Title>
        </Alert.Root>
      )}
      <StepActions back={<PreviousButton onClick={() => setStep(2)} />} next={submit} />
    </Stack>
  );

  let form: ReactNode;
  if (session.isLoading) {
    form = (
      <Center py="10" role="status" aria-label="Chargement de votre session">
        <Spinner size="lg" color="brand.solid" />
      </Center>
    );
  } else if (session.user && !guestSubmitting) {
    const { user } = session;
    form = (
      <Stack gap="6">
        <Card.Root variant="outline">
          <Card.Body p={{ base: '4', md: '5' }} gap="2">
            <HStack gap="3" align="flex-start">
              <UserRoundCheck aria-hidden />
              <Stack gap="0" minW="0">
                <Text data-testid="connected-as">
                  Connecté en tant que{' '}
                  <Text as="span" fontWeight="semibold">
                    {`${user.firstName} ${user.lastName}`}
                  </Text>
                </Text>
                <Text color="fg.muted" fontSize="sm">
                  <BreakableEmail email={user.email} />
                </Text>
              </Stack>
            </HStack>
            {accountCreated && <Text fontSize="sm">{SUBMIT_MESSAGES.accountCreated}</Text>}
          </Card.Body>
        </Card.Root>
        <ConnectedFormView
          draft={account}
          submitting={createRequest.isPending}
          onSubmit={onConnectedSubmit}
          footer={footer}
        />
      </Stack>
    );
  } else {
    form = (
      <Stack gap="6">
        <InlineLogin
          open={loginOpen}
          onOpenChange={setLoginOpen}
          defaultEmail={loginEmail || account.email}
          resetKey={loginEmail}
          onLoggedIn={() => setFailure(null)}
        />
        <AccountFormView draft={account} submitting={guestSubmitting} onSubmit={onGuestSubmit} footer={footer} />
      </Stack>
    );
  }

  return (
    <Stack gap="8">
      <StepHeading title="Finalisation" lead="Vérifiez votre demande et indiquez comment vous joindre." />
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 22rem' }} gap="8" alignItems="start">
        {form}
        <BookingSummary event={event} days={days} />
      </Grid>
    </Stack>
  );
}
