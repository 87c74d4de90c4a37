import { Stack } from '@chakra-ui/react';
import { LogIn } from 'lucide-react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { staffLoginBody } from '@shared/api/staff.schema';
import { failureMessage } from '@renderer/shared/api/error-message';
import { FormAlert, LoginFields, SubmitButton } from '@renderer/shared/forms/fields';
import { useZodForm } from '@renderer/shared/ui/form';
import { usePageTitle } from '@renderer/shared/ui/use-page-title';
import { StaffAuthCard } from './staff-auth-card';
import { useStaffLogin, useStaffSession } from './api/staff-session';

/** Back to the back-office page that sent the staff member here, else the queue. */
export function afterStaffLoginTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/admin') && !from.startsWith('/admin/login') ? from : '/admin';
}

/** /admin/login: the park team's own login, separate from the customers'. */
export function StaffLoginPage() {
  usePageTitle('Connexion de l’équipe');
  const location = useLocation();
  const navigate = useNavigate();
  const session = useStaffSession();
  const login = useStaffLogin();
  const { register, handleSubmit, errors } = useZodForm(staffLoginBody, { defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
      void navigate(afterStaffLoginTarget(location.state), { replace: true });
    } catch {
      // Shown from the mutation's error below.
    }
  });

  // The login call is exempt from the 401 handling (SPEC.md §7, §8): its 401 is a wrong e-mail or
  // password, so the server's own text is shown, never the generic « Session expirée ».
  const failure = login.error
    ? failureMessage(login.error, { fallback: 'Erreur de connexion', withServerErrors: true })
    : null;

  if (session.staff && !login.isPending) return <Navigate to="/admin" replace />;

  return (
    <StaffAuthCard title="Connexion de l’équipe" lead="Réservé au personnel du parc.">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5">
          <FormAlert message={failure} />
          <LoginFields
            email={register('email')}
            password={register('password')}
            errors={errors}
            emailAutoComplete="username"
          />
          <SubmitButton icon={<LogIn aria-hidden />} loading={login.isPending} loadingText="Connexion...">
            Se connecter
          </SubmitButton>
        </Stack>
      </form>
    </StaffAuthCard>
  );
}
