import { Alert, Button, Input, Link, List, Stack, Text } from '@chakra-ui/react';
import { MailCheck, Send } from 'lucide-react';
import { useState } from 'react';
import { RouterLink } from '@renderer/shared/ui/router-link';
import { failureMessage } from '@renderer/shared/api/error-message';
import { useForgotPassword } from '@renderer/shared/session/account-api';
import { FormField, useZodForm } from '@renderer/shared/ui/form';
import { notify } from '@renderer/shared/ui/toaster';
import { usePageTitle } from '@renderer/shared/ui/use-page-title';
import { AuthCard } from '@renderer/shared/ui/auth-card';
import { forgotPasswordFormSchema } from './auth-forms.schema';

function SentScreen({ email, onResend }: { email: string; onResend: () => void }) {
  return (
    <AuthCard title="Email envoyé !">
      <Stack gap="5">
        <Alert.Root status="success">
          <Alert.Indicator>
            <MailCheck aria-hidden />
          </Alert.Indicator>
          <Alert.Description>
            Si un compte existe pour <strong>{email}</strong>, un mot de passe temporaire vient de lui être envoyé.
          </Alert.Description>
        </Alert.Root>
        <List.Root as="ol" gap="2" ps="5">
          <List.Item>
            Consultez votre boîte de réception, ainsi que le dossier des courriers indésirables (spam).
          </List.Item>
          <List.Item>Connectez-vous avec le mot de passe temporaire reçu.</List.Item>
          <List.Item>Vous serez redirigé pour changer votre mot de passe.</List.Item>
          <List.Item>Choisissez un nouveau mot de passe sécurisé.</List.Item>
        </List.Root>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Button asChild colorPalette="brand" size="lg" flex="1">
            <RouterLink to="/login">Retour à la connexion</RouterLink>
          </Button>
          <Button variant="outline" colorPalette="brand" size="lg" flex="1" onClick={onResend}>
            Renvoyer l'email
          </Button>
        </Stack>
        <Text fontSize="sm" color="fg.muted">
          Si vous ne recevez rien d’ici 5 minutes, contactez notre support depuis la{' '}
          <Link asChild color="brand.fg">
            <RouterLink to="/contact">page contact</RouterLink>
          </Link>
          .
        </Text>
      </Stack>
    </AuthCard>
  );
}

export function ForgotPasswordPage() {
  usePageTitle('Mot de passe oublié');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const mutation = useForgotPassword();
  const { register, handleSubmit, watch, reset, errors } = useZodForm(forgotPasswordFormSchema, {
    defaultValues: { email: '' },
  });
  const email = watch('email');

  const onSubmit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      // SPEC.md §8: the server's message, else the generic one for its status, else this page's.
      notify.error(
        failureMessage(error, { withServerErrors: true, withoutAnswer: "Erreur lors de l'envoi de la demande" }),
      );
    }
  });

  if (sentTo) {
    return (
      <SentScreen
        email={sentTo}
        onResend={() => {
          reset({ email: '' });
          mutation.reset();
          setSentTo(null);
        }}
      />
    );
  }

  return (
    <AuthCard title="Mot de passe oublié" lead="Indiquez l’adresse e-mail de votre compte.">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5">
          <FormField label="Email" required error={errors.email?.message} helperText="L'email associé à votre compte">
            <Input {...register('email')} type="email" autoComplete="email" inputMode="email" size="lg" />
          </FormField>
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Description>
              Notre équipe va générer un mot de passe temporaire et vous l’envoyer par email, avec un lien de connexion
              directe.
            </Alert.Description>
          </Alert.Root>
          <Button type="submit" colorPalette="brand" size="lg" disabled={mutation.isPending || email.trim() === ''}>
            <Send aria-hidden />
            {mutation.isPending ? 'Envoi en cours...' : 'Envoyer les instructions'}
          </Button>
          <Link asChild color="brand.fg" alignSelf="center">
            <RouterLink to="/login">Retour à la connexion</RouterLink>
          </Link>
        </Stack>
      </form>
    </AuthCard>
  );
}
