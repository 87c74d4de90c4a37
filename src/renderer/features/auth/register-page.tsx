import { Link, Stack, Text } from '@chakra-ui/react';
import { UserPlus } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { RouterLink } from '@renderer/shared/ui/router-link';
import { applyFieldErrors, failureMessage } from '@renderer/shared/api/error-message';
import { useRegister } from '@renderer/shared/session/account-api';
import {
  EmailField,
  FormAlert,
  NameFields,
  NewPasswordFields,
  passwordPair,
  PhoneField,
  SubmitButton,
} from '@renderer/shared/forms/fields';
import { useLazyZodForm } from '@renderer/shared/ui/form';
import { notify } from '@renderer/shared/ui/toaster';
import { usePageTitle } from '@renderer/shared/ui/use-page-title';
import { AuthCard } from '@renderer/shared/ui/auth-card';
import type { RegisterForm } from './auth-forms.schema';

const failureText = (error: unknown) =>
  failureMessage(error, { fallback: 'Erreur lors de la création du compte', withServerErrors: true });

const EMPTY: RegisterForm = { firstName: '', lastName: '', email: '', phone: '', password: '', confirmPassword: '' };

export function RegisterPage() {
  usePageTitle('Inscription');
  const navigate = useNavigate();
  const registerMutation = useRegister();
  const { register, handleSubmit, setError, watch, errors } = useLazyZodForm(
    () => import('./auth-forms.schema').then((rules) => rules.registerFormSchema),
    { defaultValues: EMPTY },
  );

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirmation, ...account }) => {
    try {
      await registerMutation.mutateAsync(account);
      notify.success('Compte créé avec succès');
      navigate('/dashboard', { replace: true });
    } catch (error) {
      // The message is shown from the mutation's error below; the server's other field details
      // go under their fields.
      const fields = ['firstName', 'lastName', 'email', 'phone', 'password'] as const;
      applyFieldErrors(error, fields, setError, failureText(error));
    }
  });

  const failure = registerMutation.error ? failureText(registerMutation.error) : null;

  return (
    <AuthCard title="Inscription" lead="Créez votre compte pour suivre vos réservations de groupe.">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5">
          <FormAlert message={failure} />
          <NameFields firstName={register('firstName')} lastName={register('lastName')} errors={errors} />
          <EmailField registration={register('email')} error={errors.email?.message} />
          <PhoneField registration={register('phone')} error={errors.phone?.message} />
          <NewPasswordFields {...passwordPair(register, watch, errors)} />
          <SubmitButton
            icon={<UserPlus aria-hidden />}
            loading={registerMutation.isPending}
            loadingText="Création du compte..."
          >
            Créer mon compte
          </SubmitButton>
          <Text textAlign="center" fontSize="sm">
            Déjà un compte ?{' '}
            <Link asChild color="brand.fg" fontWeight="semibold">
              <RouterLink to="/login">Se connecter</RouterLink>
            </Link>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
