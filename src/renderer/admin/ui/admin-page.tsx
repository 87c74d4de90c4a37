import { Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { errorMessage } from '@renderer/shared/api/error-message';
import { usePageTitle } from '@renderer/shared/ui/use-page-title';
import { ErrorState as SharedErrorState, LoadingState as SharedLoadingState } from '@renderer/shared/ui/list-states';

/** The title row of every back-office page: the h1 and the page's main actions. */
export function AdminPageHeader({ title, lead, actions }: { title: string; lead?: ReactNode; actions?: ReactNode }) {
  return (
    <Flex
      gap="3"
      justify="space-between"
      align={{ base: 'stretch', md: 'flex-end' }}
      direction={{ base: 'column', md: 'row' }}
    >
      <Stack gap="1">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          {title}
        </Heading>
        {lead && <Text color="fg.muted">{lead}</Text>}
      </Stack>
      {actions && (
        <Flex gap="2" wrap="wrap">
          {actions}
        </Flex>
      )}
    </Flex>
  );
}

/** A back-office page: its title (the tab's too), its lead and main actions, then its content. */
export function AdminPage({
  title,
  lead,
  actions,
  children,
}: {
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Stack gap="4">
      <AdminPageHeader title={title} lead={lead} actions={actions} />
      {children}
    </Stack>
  );
}

export function LoadingState({ label }: { label: string }) {
  return <SharedLoadingState label={label} py="16" />;
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return <SharedErrorState message={errorMessage(error)} onRetry={onRetry} compact />;
}

/**
 * A query's loading and error states, then what its data shows (kept on screen when a refetch
 * fails, beside the error).
 */
export function QueryStates<T>({
  query,
  loadingLabel,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch: () => unknown };
  loadingLabel: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <>
      {query.isPending && <LoadingState label={loadingLabel} />}
      {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      {query.data ? children(query.data) : null}
    </>
  );
}
