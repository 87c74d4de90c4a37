import { List, Stack, Text } from '@chakra-ui/react';
import type { CancellationPreview } from '@shared/api/group.schema';
import { formatEuros } from '@renderer/shared/format/numbers';

/**
 * Who gets what back if the booking is canceled (docs/decisions.md, "Payments", "Cancellation
 * preview"): one line per payer, in the organizer's confirmation and in the team's.
 */
export function PayerRefunds({ payers, testId }: { payers: CancellationPreview['payers']; testId: string }) {
  if (payers.length === 0) return null;
  return (
    <Stack gap="1" data-testid={testId}>
      <Text fontWeight="semibold">Remboursement par payeur</Text>
      <List.Root ps="5">
        {payers.map((payer) => (
          <List.Item key={payer.participantId ?? payer.name}>
            {payer.name} : {formatEuros(payer.refundAmount)} sur {formatEuros(payer.paidAmount)} payés
          </List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}
