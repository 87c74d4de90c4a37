import { Alert, Button, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { UserPlus } from 'lucide-react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { applyFieldErrors, failureMessage } from '../../shared/api/error-message';
import { useRegister } from '../../shared/session/account-api';
import { FormField, useZodForm } from '../../shared/ui/form';
import { PasswordInput } from '../../shared/ui/password-input';
import { notify } from '../../shared/ui/toaster';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { AuthCard } from './auth-card';
import { registerFormSchema, type RegisterForm } from './auth-forms.schema';
import { FIELD_MESSAGES } from '@shared/field-messages';

const failureText = (error: unknown) =>
  failureMessage(error, { fallback: 'Erreur lors de la création du compte', withServerErrors: true });

const EMPTY: RegisterForm = { firstName: '', lastName: '', email: '', phone: '', password: '', confirmPassword: '' };

export function RegisterPage() {
  usePageTitle('Inscription');
  const navigate = useNavigate();
  const registerMutation = useRegister();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useZodForm(registerFormSchema, { defaultValues: EMPTY });

  const password = watch('password');
  const confirmation = watch('confirmPassword');
  const liveMismatch = confirmation !== '' && password !== confirmation;

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
          {failure && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          )}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
            <FormField label="Prénom" required error={errors.firstName?.message}>
              <Input {...register('firstName')} autoComplete="given-name" size="lg" />
            </FormField>
            <FormField label="Nom" required error={errors.lastName?.message}>
              <Input {...register('lastName')} autoComplete="family-name" size="lg" />
            </FormField>
          </SimpleGrid>
          <FormField label="Email" required error={errors.email?.message}>
            <Input {...register('email')} type="email" autoComplete="email" inputMode="email" size="lg" />
          </FormField>
          <FormField label="Téléphone" required error={errors.phone?.message}>
            <Input {...register('phone')} type="tel" autoComplete="tel" inputMode="tel" size="lg" />
          </FormField>
          <FormField label="Mot de passe" required error={errors.password?.message} helperText="6 caractères minimum">
            <PasswordInput {...register('password')} autoComplete="new-password" />
          </FormField>
          <FormField
            label="Confirmation du mot de passe"
            required
            error={errors.confirmPassword?.message ?? (liveMismatch ? FIELD_MESSAGES.passwordsMismatch : undefined)}
          >
            <PasswordInput {...register('confirmPassword')} autoComplete="new-password" />
          </FormField>
          <Button type="submit" colorPalette="brand" size="lg" loading={registerMutation.isPending} loadingText="Création du compte...">
            <UserPlus aria-hidden />
            Créer mon compte
          </Button>
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
