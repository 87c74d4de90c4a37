import { Alert, Badge, Button, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { KeyRound, Save, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { DefaultValues, FieldPath, FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { RouterLink } from '@renderer/shared/ui/router-link';
import type { z } from 'zod';
import { deleteAccountBody, updateProfileBody } from '@shared/api/auth.schema';
import type { Customer } from '@shared/api/customer.schema';
import { applyFieldErrors, errorMessage } from '@renderer/shared/api/error-message';
import { formatShortDate } from '@renderer/shared/format/format';
import { useDeleteAccount, useUpdateProfile } from '@renderer/shared/session/account-api';
import { NameField, PhoneField, SubmitButton } from '@renderer/shared/forms/fields';
import { DialogShell } from '@renderer/shared/ui/dialog-shell';
import { FormField, useZodForm } from '@renderer/shared/ui/form';
import { notify } from '@renderer/shared/ui/toaster';
import { navigateNow } from '@renderer/shared/session/navigate-now';
import { DetailItem, DetailList } from '@renderer/shared/ui/detail-list';
import { TabSection } from '@renderer/shared/ui/list-tab';
import { phoneFieldValue } from '@renderer/shared/format/phone';

const STATUS_LABELS: Record<string, string> = { active: 'Actif' };

const profileValues = (user: Customer) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  phone: phoneFieldValue(user.phone),
});

/**
 * The form of an account call: a failure's French message goes to `show` (a toast, or the
 * dialog's alert beside the password) and the server's per-field messages onto `fields`.
 */
function useAccountForm<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  schema: TSchema,
  defaultValues: DefaultValues<z.input<TSchema>>,
  fields: readonly FieldPath<z.input<TSchema>>[],
) {
  const form = useZodForm(schema, { defaultValues });
  const fail = (error: unknown, show: (message: string) => void) => {
    const message = errorMessage(error);
    show(message);
    applyFieldErrors(error, fields, form.setError, message);
  };
  return { ...form, fail };
}

function ProfileForm({ user }: { user: Customer }) {
  const updateProfile = useUpdateProfile();
  const { register, handleSubmit, reset, errors, fail } = useAccountForm(updateProfileBody, profileValues(user), [
    'firstName',
    'lastName',
    'phone',
  ]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await updateProfile.mutateAsync(values);
      reset(profileValues(saved));
      notify.success('Profil mis à jour');
    } catch (error) {
      fail(error, (message) => notify.error(message));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="profile-form-title">
      <Stack gap="5">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <NameField registration={register('firstName')} error={errors.firstName?.message} />
          <NameField registration={register('lastName')} error={errors.lastName?.message} last />
          <PhoneField registration={register('phone')} error={errors.phone?.message} required={false} />
          <FormField label="Email" helperText="L'email ne peut pas être modifié.">
            {/* Read-only rather than disabled: it stays focusable, readable and copyable. */}
            <Input value={user.email} readOnly type="email" size="lg" bg="bg.muted" />
          </FormField>
        </SimpleGrid>
        <SubmitButton
          icon={<Save aria-hidden />}
          loading={updateProfile.isPending}
          loadingText="Enregistrement..."
          inline="md"
        >
          Enregistrer les modifications
        </SubmitButton>
      </Stack>
    </form>
  );
}

function AccountInformation({ user }: { user: Customer }) {
  return (
    <DetailList>
      <DetailItem label="Date d’inscription">{formatShortDate(user.createdAt)}</DetailItem>
      <DetailItem label="Statut">
        <Badge colorPalette={user.status === 'active' ? 'green' : 'gray'} size="lg">
          {STATUS_LABELS[user.status] ?? user.status}
        </Badge>
      </DetailItem>
      <DetailItem label="Identifiant client" mono>
        {user._id}
      </DetailItem>
    </DetailList>
  );
}

function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const deleteAccount = useDeleteAccount();
  const navigate = useNavigate();
  const { register, handleSubmit, reset, errors, fail } = useAccountForm(deleteAccountBody, { password: '' }, [
    'password',
  ]);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      reset({ password: '' });
      setFailure(null);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await deleteAccount.mutateAsync(values);
    } catch (error) {
      // Shown inside the dialog, next to the password, so the customer can correct it.
      fail(error, setFailure);
      return;
    }
    notify.success('Votre compte a été supprimé');
    // The session is already cleared, so ProtectedRoute is about to send this page to /login.
    // A synchronous navigation leaves the protected route before it can, and being the last
    // navigation it also wins if the redirect already started; replace keeps Back off /dashboard.
    navigateNow(navigate, '/', { replace: true });
  });

  return (
    <DialogShell
      alert
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button colorPalette="red" variant="outline" size="lg" alignSelf={{ base: 'stretch', md: 'flex-start' }}>
          <Trash2 aria-hidden />
          Supprimer mon compte
        </Button>
      }
      title="Supprimer mon compte"
      onSubmit={onSubmit}
      cancelLabel="Annuler"
      actions={
        <Button
          type="submit"
          colorPalette="red"
          size="lg"
          loading={deleteAccount.isPending}
          loadingText="Suppression..."
        >
          Supprimer définitivement
        </Button>
      }
    >
      <Stack gap="4">
        <Text>
          La suppression de votre compte est définitive : vos informations personnelles seront effacées et vous serez
          déconnecté.
        </Text>
        <FormField
          label="Mot de passe"
          required
          error={errors.password?.message}
          helperText="Confirmez avec votre mot de passe actuel."
        >
          <Input {...register('password')} type="password" autoComplete="current-password" size="lg" />
        </FormField>
        {failure && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
      </Stack>
    </DialogShell>
  );
}

/** Profile tab of SPEC.md §2, with the real profile and account calls (SPEC.md §7, account API). */
export function ProfileTab({ user }: { user: Customer }) {
  return (
    <Stack gap="6" as="section" aria-labelledby="profile-title">
      <Heading as="h2" id="profile-title" size="2xl">
        Profil
      </Heading>
      <TabSection gap="5" id="profile-form-title" title="Informations personnelles">
        <ProfileForm user={user} />
      </TabSection>
      <TabSection gap="5" id="account-info-title" title="Informations du compte">
        <AccountInformation user={user} />
      </TabSection>
      <TabSection gap="5" id="security-title" title="Sécurité">
        <Stack gap="3">
          <Text color="fg.muted">Choisissez un nouveau mot de passe en confirmant votre mot de passe actuel.</Text>
          <Button
            asChild
            variant="outline"
            colorPalette="brand"
            size="lg"
            alignSelf={{ base: 'stretch', md: 'flex-start' }}
          >
            <RouterLink to="/auth/reset-password">
              <KeyRound aria-hidden />
              Changer le mot de passe
            </RouterLink>
          </Button>
        </Stack>
      </TabSection>
      <TabSection gap="5" id="delete-account-title" title="Suppression du compte">
        <Text color="fg.muted">
          Vos informations personnelles seront effacées. Cette action est définitive et ne peut pas être annulée.
        </Text>
        <DeleteAccountDialog />
      </TabSection>
    </Stack>
  );
}
