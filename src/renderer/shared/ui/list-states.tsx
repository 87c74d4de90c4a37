import { Alert, Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { __iconData as refreshCwIcon } from 'lucide-react/icons/refresh-cw';
import { LineIcon } from './line-icon';

/**
 * A list or page being loaded: a spinner and what is loading, announced politely. `minH` keeps
 * the place of what comes (docs/decisions.md, performance rule 19).
 */
export function LoadingState({ label, py = '12', minH }: { label: string; py?: string; minH?: string }) {
  return (
    <Center py={py} minH={minH} alignItems="flex-start" role="status" aria-live="polite">
      <Stack align="center" gap="3">
        <Spinner size="lg" color="brand.solid" aria-hidden />
        <Text color="fg.muted">{label}</Text>
      </Stack>
    </Center>
  );
}

/** What failed to load (SPEC.md §8), with an optional hint and a 'Réessayer' button. */
export function ErrorState({
  message,
  hint,
  onRetry,
  compact = false,
}: {
  message: string;
  hint?: string;
  onRetry?: () => void;
  /** Back-office density: a small plain button. */
  compact?: boolean;
}) {
  return (
    <Alert.Root status="error" role="alert" flexWrap="wrap" alignItems="center" gap="3">
      <Alert.Indicator />
      <Alert.Content flex="1" minW="48">
        <Alert.Title>{message}</Alert.Title>
        {hint && <Alert.Description>{hint}</Alert.Description>}
      </Alert.Content>
      {onRetry && (
        <Button
          size={compact ? 'sm' : 'lg'}
          variant="outline"
          colorPalette={compact ? undefined : 'red'}
          onClick={onRetry}
        >
          {!compact && <LineIcon icon={refreshCwIcon} aria-hidden />}
          Réessayer
        </Button>
      )}
    </Alert.Root>
  );
}
