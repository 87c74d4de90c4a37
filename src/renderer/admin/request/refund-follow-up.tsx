import { Badge, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentCalls } from '@shared/api/payments.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { failureMessage } from '@renderer/shared/api/error-message';
import { formatDateTime, formatEuros } from '@renderer/shared/format/format';
import { notify } from '@renderer/shared/ui/toaster';
import { staffApi } from '@renderer/admin/session/staff-client';

const refundsKey = (id: string) => ['staff', 'request', id, 'refunds'] as const;

/**
 * The refunds still to follow (docs/decisions.md, "Refunds followed to their end"): pending and
 * failed ones, a failed one sent again (« Relancer ») or settled outside the provider (« Marquer
 * comme réglé »); each click is an entry of the booking's history.
 */
export function RefundFollowUp({ bookingId }: { bookingId: string }) {
  const queryClient = useQueryClient();
  const refunds = useQuery({
    queryKey: refundsKey(bookingId),
    queryFn: async () =>
      (await callApi(staffApi, paymentCalls.staffPayments, { params: { id: bookingId } })).data.refunds,
  });
  const move = useMutation({
    mutationFn: async ({ refundId, action }: { refundId: string; action: 'retry' | 'resolve' }) => {
      const call = action === 'retry' ? paymentCalls.staffRefundRetry : paymentCalls.staffRefundResolve;
      return (await callApi(staffApi, call, { params: { id: bookingId, refundId } })).message;
    },
    onSuccess: async (message) => {
      notify.success(message);
      await queryClient.invalidateQueries({ queryKey: ['staff', 'request', bookingId] });
    },
    onError: (error) => notify.error(failureMessage(error, { fallback: 'Erreur lors de l’opération de paiement' })),
  });
  const open = (refunds.data ?? []).filter((row) => row.status === 'pending' || row.status === 'failed');
  if (open.length === 0) return null;
  return (
    <Stack gap="2" as="section" aria-label="Remboursements à suivre" data-testid="refund-follow-up">
      <Text fontWeight="semibold">Remboursements à suivre</Text>
      {open.map((row) => (
        <Flex key={row._id} gap="2" wrap="wrap" align="center" data-testid="refund-row">
          <Text>
            {formatEuros(row.amount)} – {formatDateTime(row.createdAt)}
          </Text>
          <Badge colorPalette={row.status === 'failed' ? 'red' : 'gray'}>{row.statusLabel}</Badge>
          {row.failure && <Text color="fg.muted">{row.failure}</Text>}
          {row.status === 'failed' && (
            <>
              <Button
                size="sm"
                variant="outline"
                loading={move.isPending}
                onClick={() => move.mutate({ refundId: row._id, action: 'retry' })}
              >
                Relancer
              </Button>
              <Button
                size="sm"
                variant="outline"
                loading={move.isPending}
                onClick={() => move.mutate({ refundId: row._id, action: 'resolve' })}
              >
                Marquer comme réglé
              </Button>
            </>
          )}
        </Flex>
      ))}
    </Stack>
  );
}
