import { Link, Stack, Text } from '@chakra-ui/react';
import { LogIn } from 'lucide-react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { RouterLink } from '@renderer/shared/ui/router-link';
import { failureMessage } from '@renderer/shared/api/error-message';
import { useLogin } from '@renderer/shared/session/account-api';
import { FormAlert, LoginFields, SubmitButton } from '@renderer/shared/forms/fields';
import { useLazyZodForm } from '@renderer/shared/ui/form';
import { usePageTitle } from '@renderer/shared/ui/use-page-title';
import { AuthCard } from '@renderer/shared/ui/auth-card';

/** Where to go after login: back to the protected page that sent the user here, else the dashboard. */
function afterLoginTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/dashboard';
}

export function LoginPage() {
  usePageTitle('Connexion');
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const { register, handleSubmit, errors } = useLazyZodForm(
    () => import('./auth-forms.schema').then((rules) => rules.loginFormSchema),
    { defaultValues: { email: params.get('email') ?? '', password: '' } },
  );

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { customer } = await loginMutation.mutateAsync(values);
      navigate(customer.isTemporaryPassword ? '/auth/reset-password?temp=true' : afterLoginTarget(location.state), {
        replace: true,
      });
    } catch {
      // The message is shown from the mutation's error below.
    }
  });

  const failedCall = loginMutation.error;
  const failure = failedCall
    ? failureMessage(failedCall, { fallback: 'Erreur de connexion', withServerErrors: true })
    : null;

  return (
    <AuthCard
      title="Connexion"
      lead="Accédez à vos demandes de réservation, vos invitations et la discussion avec notre équipe."
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5">
          <FormAlert message={failure} />
          <LoginFields email={register('email')} password={register('password')} errors={errors} />
          <Link asChild alignSelf="flex-end" color="brand.fg" fontSize="sm">
            <RouterLink to="/auth/forgot-password">Mot de passe oublié ?</RouterLink>
          </Link>
          <SubmitButton icon={<LogIn aria-hidden />} loading={loginMutation.isPending} loadingText="Connexion...">
            Se connecter
          </SubmitButton>
          <Text textAlign="center" fontSize="sm">
            Pas encore de compte ?{' '}
            <Link asChild color="brand.fg" fontWeight="semibold">
              <RouterLink to="/register">Créer un compte</RouterLink>
            </Link>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
