import { Alert, Button, Center, Spinner, Stack } from '@chakra-ui/react';
import { KeyRound } from 'lucide-react';
import { useEffect } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { failureMessage } from '../../shared/api/error-message';
import { useResetPassword } from '../../shared/session/account-api';
import { useSession } from '../../shared/session/use-session';
import { FormField, useZodForm } from '../../shared/ui/form';
import { PasswordInput } from '../../shared/ui/password-input';
import { notify } from '../../shared/ui/toaster';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { AuthCard } from './auth-card';
import { resetPasswordFormSchema } from './auth-forms.schema';

function NotLoggedIn() {
  useEffect(() => {
    notify.error("Veuillez vous connecter d'abord");
  }, []);
  return <Navigate to="/login" replace />;
}

export function ResetPasswordPage() {
  usePageTitle('Changer le mot de passe');
  const [params] = useSearchParams();
  const session = useSession();
  const navigate = useNavigate();
  const mutation = useResetPassword();
  const isTemporary = params.get('temp') === 'true' || session.isTemporaryPassword;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(resetPasswordFormSchema, { defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } });

  if (session.isLoading) {
    return (
      <Center minH="50vh" role="status" aria-label="Vérification de la session">
        <Spinner size="xl" color="brand.solid" />
      </Center>
    );
  }
  if (!session.isAuthenticated) return <NotLoggedIn />;

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await mutation.mutateAsync({ currentPassword, newPassword });
      notify.success('Mot de passe modifié avec succès');
      navigate('/dashboard', { replace: true });
    } catch {
      // Shown from the mutation's error below.
    }
  });

  const failure = mutation.error
    ? failureMessage(mutation.error, { fallback: 'Erreur lors du changement de mot de passe', withServerErrors: true })
    : null;

  return (
    <AuthCard
      title={isTemporary ? 'Choisissez votre nouveau mot de passe' : 'Changer le mot de passe'}
      lead={
        isTemporary
          ? 'Vous êtes connecté avec un mot de passe temporaire. Choisissez un nouveau mot de passe sécurisé pour continuer.'
          : undefined
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5">
          {failure && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          )}
          <FormField
            label={isTemporary ? 'Mot de passe temporaire' : 'Mot de passe actuel'}
            required
            error={errors.currentPassword?.message}
          >
            <PasswordInput {...register('currentPassword')} autoComplete="current-password" />
          </FormField>
          <FormField label="Nouveau mot de passe" required error={errors.newPassword?.message} helperText="6 caractères minimum">
            <PasswordInput {...register('newPassword')} autoComplete="new-password" />
          </FormField>
          <FormField label="Confirmer le nouveau mot de passe" required error={errors.confirmPassword?.message}>
            <PasswordInput {...register('confirmPassword')} autoComplete="new-password" />
          </FormField>
          <Button type="submit" colorPalette="brand" size="lg" loading={mutation.isPending} loadingText="Enregistrement...">
            <KeyRound aria-hidden />
            Changer le mot de passe
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
