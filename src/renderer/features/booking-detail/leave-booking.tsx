import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { LeaveQuote } from '@shared/api/leave.schema';
import { failureMessage } from '@renderer/shared/api/error-message';
import { formatEuros } from '@renderer/shared/format/numbers';
import { ConfirmDialog } from '@renderer/shared/ui/confirm-dialog';
import { notify } from '@renderer/shared/ui/toaster';
import { useLeavePreview, useLeaveBooking } from './api/leave-booking';
import { useOptOuts } from './api/opt-outs';

/** What leaving gives back, in the words of the booking's frozen cancellation terms. */
export function leaveSummary(quote: LeaveQuote): string {
  if (quote.paidAmount === 0) return 'Vous n’avez rien réglé : rien ne vous sera remboursé.';
  const fee = quote.feeAmount > 0 ? `, ${formatEuros(quote.feeAmount)} de frais d’annulation retenus` : '';
  if (quote.refundAmount === 0) {
    return `Vous avez réglé ${formatEuros(quote.paidAmount)} : selon les conditions d’annulation de votre réservation, rien ne vous sera remboursé.`;
  }
  return `Vous avez réglé ${formatEuros(quote.paidAmount)} : selon les conditions d’annulation de votre réservation, ${formatEuros(quote.refundAmount)} vous seront remboursés sur votre carte${fee}.`;
}

/**
 * A participant leaves the booking (docs/decisions.md, "Group shares"): the confirmation states what
 * comes back before anything happens; the others' shares follow on the server.
 */
export function LeaveBooking({ bookingId }: { bookingId: string }) {
  const me = useOptOuts(bookingId).data;
  const [open, setOpen] = useState(false);
  const participantId = me?.canManage ? null : (me?.me ?? null);
  const preview = useLeavePreview(bookingId, participantId, open);
  const leave = useLeaveBooking(bookingId);
  if (!me || participantId === null || !me.open) return null;

  const confirm = async () => {
    try {
      const answer = await leave.mutateAsync(participantId);
      notify.success(answer.message);
      return true;
    } catch (error) {
      notify.error(failureMessage(error, { fallback: 'Vous n’avez pas pu quitter la réservation' }));
      return false;
    }
  };

  return (
    <Stack gap="2" mt="6" align="flex-start">
      <ConfirmDialog
        title="Quitter la réservation"
        confirmLabel="Quitter la réservation"
        loadingText="Départ en cours…"
        danger
        open={open}
        onOpenChange={setOpen}
        onConfirm={confirm}
        confirmDisabled={!preview.data}
        trigger={
          <Button variant="outline" colorPalette="red" minH="44px">
            Quitter la réservation
          </Button>
        }
      >
        <Text>
          {preview.data
            ? leaveSummary(preview.data)
            : preview.isError
              ? failureMessage(preview.error, { fallback: 'Le remboursement n’a pas pu être calculé' })
              : 'Calcul de votre remboursement…'}
        </Text>
        <Text mt="2">
          Vous ne ferez plus partie du groupe, et les parts des autres participants seront recalculées.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
