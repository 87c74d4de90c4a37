import { Alert, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { STAFF_MESSAGES } from '@shared/api/staff.schema';
import { AccountsPage } from '@renderer/admin/accounts/accounts-page';
import { CataloguePage } from '@renderer/admin/catalogue/catalogue-page';
import { EstablishmentPage } from '@renderer/admin/establishment/establishment-page';
import { useStaffSession } from '@renderer/admin/session/api/staff-session';

/** Catalogue and establishment are the admins' (docs/decisions.md, "Staff apart from customers"); the team sees why not. */
function AdminOnly({ children }: { children: ReactNode }) {
  const { isAdmin } = useStaffSession();
  if (isAdmin) return children;
  return (
    <Stack gap="4">
      <Heading as="h1" size="xl">
        Accès réservé
      </Heading>
      <Alert.Root status="warning" role="alert">
        <Alert.Indicator />
        <Alert.Title>{STAFF_MESSAGES.adminOnly}</Alert.Title>
      </Alert.Root>
    </Stack>
  );
}

export function CatalogueRoute() {
  return (
    <AdminOnly>
      <CataloguePage />
    </AdminOnly>
  );
}

export function EstablishmentRoute() {
  return (
    <AdminOnly>
      <EstablishmentPage />
    </AdminOnly>
  );
}

export function AccountsRoute() {
  return (
    <AdminOnly>
      <AccountsPage />
    </AdminOnly>
  );
}
