import { Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { UserPlus } from 'lucide-react';
import { RouterLink } from '@renderer/shared/ui/router-link';
import {
  INVITATION_MESSAGES,
  joinInvitationBody,
  type InvitationDetails,
  type JoinInvitationResponse,
} from '@shared/api/invitation.schema';
import type { Customer } from '@shared/api/customer.schema';
import { applyFieldErrors, failureMessage } from '@renderer/shared/api/error-message';
import {
  EmailField,
  FormAlert,
  NameField,
  NewPasswordFields,
  passwordPair,
  PhoneField,
  SubmitButton,
} from '@renderer/shared/forms/fields';
import { useZodForm } from '@renderer/shared/ui/form';
import { useJoinInvitation } from './api/join-invitation';
import { phoneFieldValue } from '@renderer/shared/format/phone';

const JOIN_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'password', 'confirmPassword'] as const;

/** SPEC.md §8 'Invitation join': the server's refusal, else 'Erreur lors de l'inscription'. */
const joinFailureMessage = (error: unknown) => failureMessage(error, { fallback: INVITATION_MESSAGES.joinError });

/**
 * The join form of SPEC.md §5. A logged-in customer joins with their account (fields prefilled,
 * e-mail fixed); otherwise the person creates an account, with a password or, without one, a
 * temporary password sent by e-mail.
 */
export function JoinForm({
  token,
  details,
  user,
  onJoined,
}: {
  token: string;
  details: InvitationDetails;
  user: Customer | null;
  onJoined: (result: JoinInvitationResponse, email: string) => void;
}) {
  const join = useJoinInvitation(token);
  const invitee = details.invitationInfo.invitee;
  const { register, handleSubmit, watch, setError, errors } = useZodForm(joinInvitationBody, {
    defaultValues: {
      firstName: user?.firstName ?? invitee?.firstName ?? '',
      lastName: user?.lastName ?? invitee?.lastName ?? '',
      email: user?.email ?? invitee?.email ?? '',
      phone: phoneFieldValue(user?.phone),
      password: '',
      confirmPassword: '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      onJoined(await join.mutateAsync(values), values.email);
    } catch (error) {
      // The whole failure is shown from the mutation's error below; the server's per-field
      // messages go on their fields.
      applyFieldErrors(error, JOIN_FIELDS, setError, joinFailureMessage(error));
    }
  });
  const failure = join.error ? joinFailureMessage(join.error) : null;
  const loginFirst = join.error && failure === INVITATION_MESSAGES.loginFirst;

  return (
    <Stack as="section" aria-labelledby="join-title" gap="5">
      <Stack gap="1">
        <Heading as="h2" id="join-title" size="xl">
          Rejoindre la réservation
        </Heading>
        <Text color="fg.muted">
          {user
            ? `Vous êtes connecté en tant que ${user.firstName} ${user.lastName} : vous rejoindrez cette réservation avec votre compte.`
            : 'Renseignez vos coordonnées : un compte est créé pour vous permettre de suivre la réservation.'}
        </Text>
      </Stack>
      <form onSubmit={onSubmit} noValidate aria-labelledby="join-title">
        <Stack gap="5">
          <FormAlert message={failure}>
            {loginFirst && (
              <Link asChild color="fg.error" fontWeight="semibold" textDecoration="underline">
                <RouterLink to="/login" state={{ from: `/invitation/${token}` }}>
                  Se connecter
                </RouterLink>
              </Link>
            )}
          </FormAlert>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <NameField registration={register('firstName')} error={errors.firstName?.message} />
            <NameField registration={register('lastName')} error={errors.lastName?.message} last />
            <EmailField registration={register('email')} error={errors.email?.message} readOnly={Boolean(user)} />
            <PhoneField
              registration={register('phone')}
              error={errors.phone?.message}
              required={false}
              helperText="Facultatif"
            />
          </SimpleGrid>
          {!user && (
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              <NewPasswordFields
                {...passwordPair(register, watch, errors)}
                required={false}
                passwordHelp="Facultatif : sans mot de passe, un mot de passe temporaire vous est envoyé par e-mail."
              />
            </SimpleGrid>
          )}
          <SubmitButton icon={<UserPlus aria-hidden />} loading={join.isPending} loadingText="Inscription..." inline>
            Rejoindre la réservation
          </SubmitButton>
        </Stack>
      </form>
    </Stack>
  );
}
