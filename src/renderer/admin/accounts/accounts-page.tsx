import { Badge, Button, Card, Heading, Input, NativeSelect, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { nativeSelectSlotRecipe } from '@chakra-ui/react/theme';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import {
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  staffAccountCreateBody,
  type StaffMember,
  type StaffRole,
} from '@shared/api/staff.schema';
import { errorMessage } from '@renderer/shared/api/error-message';
import { SubmitButton } from '@renderer/shared/forms/fields';
import { FormField, useZodForm } from '@renderer/shared/ui/form';
import { PasswordInput } from '@renderer/shared/ui/password-input';
import { notify } from '@renderer/shared/ui/toaster';
import { AdminPage, QueryStates } from '../ui/admin-page';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { AdminTable } from '../ui/scroll-table';
import { useStaffSession } from '../session/api/staff-session';
import { useCreateStaffAccount, useStaffAccounts, useUpdateStaffAccount } from './api/staff-accounts';

/** The role choices, the same in the creation form and in the table. */
const ROLE_OPTIONS = STAFF_ROLES.map((role) => (
  <option key={role} value={role}>
    {STAFF_ROLE_LABELS[role]}
  </option>
));

function CreateAccountForm() {
  const create = useCreateStaffAccount();
  const { register, handleSubmit, reset, errors } = useZodForm(staffAccountCreateBody, {
    defaultValues: { email: '', firstName: '', lastName: '', role: 'staff', password: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await create.mutateAsync(values);
      notify.success(message);
      reset();
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });
  return (
    <Card.Root as="section" variant="outline" aria-labelledby="new-account-title">
      <Card.Body gap="4" p={{ base: '3', md: '5' }}>
        <Heading as="h2" size="md" id="new-account-title">
          Nouveau compte
        </Heading>
        <form onSubmit={onSubmit} noValidate aria-labelledby="new-account-title">
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <FormField label="Prénom" required error={errors.firstName?.message}>
                <Input {...register('firstName')} autoComplete="off" />
              </FormField>
              <FormField label="Nom" required error={errors.lastName?.message}>
                <Input {...register('lastName')} autoComplete="off" />
              </FormField>
              <FormField label="Email" required error={errors.email?.message}>
                <Input {...register('email')} type="email" autoComplete="off" />
              </FormField>
              <FormField label="Rôle" required error={errors.role?.message}>
                <NativeSelect.Root recipe={nativeSelectSlotRecipe}>
                  <NativeSelect.Field {...register('role')}>{ROLE_OPTIONS}</NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
            </SimpleGrid>
            <FormField
              label="Mot de passe initial"
              required
              error={errors.password?.message}
              helperText="Minimum 6 caractères"
            >
              <PasswordInput {...register('password')} autoComplete="new-password" size="md" />
            </FormField>
            <SubmitButton icon={<UserPlus aria-hidden />} loading={create.isPending} size="md" inline>
              Créer le compte
            </SubmitButton>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

function AccountsTable({ accounts }: { accounts: StaffMember[] }) {
  const update = useUpdateStaffAccount();
  const self = useStaffSession().staff?._id;
  const [disabling, setDisabling] = useState<StaffMember | null>(null);
  const save = async (id: string, body: { role?: StaffRole; status?: 'active' | 'disabled' }) => {
    try {
      const { message } = await update.mutateAsync({ id, body });
      notify.success(message);
      return true;
    } catch (error) {
      notify.error(errorMessage(error));
      return false;
    }
  };
  return (
    <>
      <AdminTable
        label="Comptes du personnel"
        columns={['Nom', 'Email', 'Rôle', 'État', { label: 'Actions', hidden: true }]}
      >
        {accounts.map((account) => {
          const name = `${account.firstName} ${account.lastName}`;
          const active = account.status === 'active';
          return (
            <Table.Row key={account._id}>
              <Table.Cell whiteSpace="nowrap">{name}</Table.Cell>
              <Table.Cell wordBreak="break-all">{account.email}</Table.Cell>
              <Table.Cell minW="36">
                <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="xs">
                  <NativeSelect.Field
                    aria-label={`Rôle de ${name}`}
                    value={account.role}
                    onChange={(event) => void save(account._id, { role: event.currentTarget.value as StaffRole })}
                  >
                    {ROLE_OPTIONS}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Table.Cell>
              <Table.Cell>
                <Badge size="sm" colorPalette={active ? 'green' : 'gray'}>
                  {active ? 'Actif' : 'Désactivé'}
                </Badge>
              </Table.Cell>
              <Table.Cell>
                {account._id === self ? (
                  <Text fontSize="xs" color="fg.muted">
                    Votre compte
                  </Text>
                ) : active ? (
                  <Button size="xs" variant="outline" colorPalette="red" onClick={() => setDisabling(account)}>
                    Désactiver
                  </Button>
                ) : (
                  <Button size="xs" variant="outline" onClick={() => void save(account._id, { status: 'active' })}>
                    Réactiver
                  </Button>
                )}
              </Table.Cell>
            </Table.Row>
          );
        })}
      </AdminTable>
      <ConfirmDialog
        open={disabling !== null}
        onOpenChange={(open) => !open && setDisabling(null)}
        title={disabling ? `Désactiver le compte de ${disabling.firstName} ${disabling.lastName} ?` : ''}
        confirmLabel="Désactiver"
        danger
        busy={update.isPending}
        onConfirm={() => {
          if (!disabling) return;
          void save(disabling._id, { status: 'disabled' }).then((ok) => ok && setDisabling(null));
        }}
      >
        <Text>Ses sessions sont fermées aussitôt ; le compte peut être réactivé plus tard.</Text>
      </ConfirmDialog>
    </>
  );
}

/** /admin/equipe: the team's accounts (admins): create, change role, disable or enable. */
export function AccountsPage() {
  const accounts = useStaffAccounts();
  return (
    <AdminPage title="Comptes de l’équipe" lead="Les administrateurs gèrent aussi le catalogue et l’établissement.">
      <QueryStates query={accounts} loadingLabel="Chargement des comptes…">
        {(data) => <AccountsTable accounts={data} />}
      </QueryStates>
      <CreateAccountForm />
    </AdminPage>
  );
}
