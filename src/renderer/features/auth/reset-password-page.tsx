import { Center, Spinner, Stack } from '@chakra-ui/react';
import { KeyRound } from 'lucide-react';
import { useEffect } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { failureMessage } from '@renderer/shared/api/error-message';
import { useResetPassword } from '@renderer/shared/session/account-api';
import { useSession } from '@renderer/shared/session/use-session';
import { FormAlert, PasswordField, SubmitButton } from '@renderer/shared/forms/fields';
import { useZodForm } from '@renderer/shared/ui/form';
import { notify } from '@renderer/shared/ui/toaster';
import { usePageTitle } from '@renderer/shared/ui/use-page-title';
import { AuthCard } from '@renderer/shared/ui/auth-card';
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
  const { register, handleSubmit, errors } = useZodForm(resetPasswordFormSchema, {
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

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
          <FormAlert message={failure} />
          <PasswordField
            label={isTemporary ? 'Mot de passe temporaire' : 'Mot de passe actuel'}
            registration={register('currentPassword')}
            error={errors.currentPassword?.message}
            current
          />
          <PasswordField
            label="Nouveau mot de passe"
            registration={register('newPassword')}
            error={errors.newPassword?.message}
            helperText="6 caractères minimum"
          />
          <PasswordField
            label="Confirmer le nouveau mot de passe"
            registration={register('confirmPassword')}
            error={errors.confirmPassword?.message}
          />
          <SubmitButton icon={<KeyRound aria-hidden />} loading={mutation.isPending} loadingText="Enregistrement...">
            Changer le mot de passe
          </SubmitButton>
        </Stack>
      </form>
    </AuthCard>
  );
}
