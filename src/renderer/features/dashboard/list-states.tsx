import { Alert, Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { DetailItem } from '../../shared/ui/detail-list';
import { pageReload } from '../../shared/ui/page-reload';

export function ListLoading({ label }: { label: string }) {
  return (
    <Center py="12" role="status" aria-live="polite">
      <Stack align="center" gap="3">
        <Spinner size="lg" color="brand.solid" aria-hidden />
        <Text color="fg.muted">{label}</Text>
      </Stack>
    </Center>
  );
}

/** A list that failed to load: the message of SPEC.md §8 and a Retry that reloads the page (SPEC.md §2). */
export function ListError({ message }: { message: string }) {
  return (
    <Alert.Root status="error" role="alert" flexWrap="wrap" alignItems="center" gap="3">
      <Alert.Indicator />
      <Alert.Content flex="1" minW="48">
        <Alert.Title>{message}</Alert.Title>
        <Alert.Description>Vérifiez votre connexion puis réessayez.</Alert.Description>
      </Alert.Content>
      <Button size="lg" variant="outline" colorPalette="red" onClick={() => pageReload.reload()}>
        <RefreshCw aria-hidden />
        Réessayer
      </Button>
    </Alert.Root>
  );
}

/** One label and value of a booking card. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return <DetailItem label={label}>{children}</DetailItem>;
}

export function participantCount(count: number): string {
  return `${count} participant${count > 1 ? 's' : ''}`;
}
