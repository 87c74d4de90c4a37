import { Alert, Center, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { UserPlus } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { RouterLink } from '@renderer/shared/ui/router-link';
import { STAFF_MESSAGES, staffSetupBody } from '@shared/api/staff.schema';
import { errorMessage } from '@renderer/shared/api/error-message';
import { EmailField, FormAlert, NameFields, PasswordField, SubmitButton } from '@renderer/shared/forms/fields';
import { useZodForm } from '@renderer/shared/ui/form';
import { notify } from '@renderer/shared/ui/toaster';
import { usePageTitle } from '@renderer/shared/ui/use-page-title';
import { StaffAuthCard } from './staff-auth-card';
import { useSetupLinkStatus, useStaffSetup } from './api/staff-session';

const setupForm = staffSetupBody.omit({ token: true });

function SetupForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const setup = useStaffSetup();
  const { register, handleSubmit, errors } = useZodForm(setupForm, {
    defaultValues: { email: '', firstName: '', lastName: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await setup.mutateAsync({ ...values, token });
    } catch {
      return;
    }
    notify.success(STAFF_MESSAGES.setupDone);
    void navigate('/admin', { replace: true });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="5">
        <FormAlert message={setup.error ? errorMessage(setup.error) : null} />
        <NameFields firstName={register('firstName')} lastName={register('lastName')} errors={errors} gap="4" />
        <EmailField registration={register('email')} error={errors.email?.message} autoComplete="username" />
        <PasswordField
          registration={register('password')}
          error={errors.password?.message}
          helperText="Minimum 6 caractères"
        />
        <SubmitButton icon={<UserPlus aria-hidden />} loading={setup.isPending} loadingText="Création...">
          Créer le compte administrateur
        </SubmitButton>
      </Stack>
    </form>
  );
}

/** /admin/setup?token=…: the single-use link `npm start` prints while no staff account exists. */
export function StaffSetupPage() {
  usePageTitle('Premier compte administrateur');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const status = useSetupLinkStatus(token);

  let content;
  if (token && status.isPending) {
    content = (
      <Center py="6" role="status" aria-label="Vérification du lien">
        <Spinner size="lg" color="brand.solid" />
      </Center>
    );
  } else if (!token || status.isError || status.data === false) {
    content = (
      <Stack gap="4">
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{status.isError ? errorMessage(status.error) : STAFF_MESSAGES.setupInvalid}</Alert.Title>
        </Alert.Root>
        <Text>
          <Link asChild color="brand.fg" fontWeight="semibold">
            <RouterLink to="/admin/login">Aller à la connexion de l’équipe</RouterLink>
          </Link>
        </Text>
      </Stack>
    );
  } else {
    content = <SetupForm token={token} />;
  }

  return (
    <StaffAuthCard
      title="Premier compte administrateur"
      lead="Ce lien à usage unique crée le compte administrateur du parc. Il reste valable 24 heures."
    >
      {content}
    </StaffAuthCard>
  );
}
