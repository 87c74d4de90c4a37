import { Button, Card, Stack, Text } from '@chakra-ui/react';
import { LogIn } from 'lucide-react';
import '@shared/zod-config';
import { z } from 'zod';
import { failureMessage } from '@renderer/shared/api/error-message';
import { useLogin } from '@renderer/shared/session/account-api';
import { FormAlert, LoginFields, SubmitButton } from '@renderer/shared/forms/fields';
import { useZodForm } from '@renderer/shared/ui/form';
import { notify } from '@renderer/shared/ui/toaster';
import { FIELD_MESSAGES } from '@shared/field-messages';

/** Login (SPEC.md §5): e-mail and password required. */
const inlineLoginSchema = z.object({
  email: z.string().trim().min(1, FIELD_MESSAGES.emailRequired),
  password: z.string().min(1, FIELD_MESSAGES.passwordRequired),
});

/**
 * 'Déjà un compte ? Se connecter' inside step 3: logging in here keeps the wizard where it is
 * (the step switches to the logged-in form by itself once the session exists).
 */
export function InlineLogin({
  open,
  onOpenChange,
  defaultEmail,
  resetKey,
  onLoggedIn,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Read when the form opens; a new resetKey reopens it with the current value. */
  defaultEmail: string;
  resetKey: string;
  onLoggedIn: () => void;
}) {
  return (
    <Card.Root variant="outline">
      <Card.Body gap="4" p={{ base: '4', md: '5' }}>
        <Text>
          Déjà un compte ?{' '}
          <Button
            variant="plain"
            colorPalette="brand"
            color="brand.fg"
            fontWeight="semibold"
            textDecoration="underline"
            px="0"
            minH="11"
            aria-expanded={open}
            aria-controls={open ? 'wizard-inline-login' : undefined}
            onClick={() => onOpenChange(!open)}
          >
            Se connecter
          </Button>
        </Text>
        {open && <InlineLoginForm key={resetKey} defaultEmail={defaultEmail} onLoggedIn={onLoggedIn} />}
      </Card.Body>
    </Card.Root>
  );
}

function InlineLoginForm({ defaultEmail, onLoggedIn }: { defaultEmail: string; onLoggedIn: () => void }) {
  const loginMutation = useLogin();
  const { register, handleSubmit, errors } = useZodForm(inlineLoginSchema, {
    defaultValues: { email: defaultEmail, password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await loginMutation.mutateAsync(values);
      notify.success('Connexion réussie');
      onLoggedIn();
    } catch {
      // Shown from the mutation's error below.
    }
  });

  const failure = loginMutation.error
    ? failureMessage(loginMutation.error, { fallback: 'Erreur de connexion', withServerErrors: true })
    : null;
  return (
    <form id="wizard-inline-login" onSubmit={onSubmit} noValidate aria-label="Connexion à votre compte">
      <Stack gap="4">
        <FormAlert message={failure} />
        <LoginFields email={register('email')} password={register('password')} errors={errors} />
        <SubmitButton icon={<LogIn aria-hidden />} loading={loginMutation.isPending} loadingText="Connexion..." inline>
          Se connecter
        </SubmitButton>
      </Stack>
    </form>
  );
}
