import { Button, Flex, Text } from '@chakra-ui/react';
import { Ban, CheckCheck, CheckCircle2 } from 'lucide-react';
import { __iconData as landmarkIcon } from 'lucide-react/icons/landmark';
import { LineIcon } from '@renderer/shared/ui/line-icon';
import { useState, type ReactNode } from 'react';
import type { CancelBody, StaffBookingDetail } from '@shared/api/staff.schema';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { CancelDialog } from './cancel-dialog';
import type { RequestAction } from './api/run-request-action';

type SimpleAction = 'validate' | 'cheque-received' | 'complete';

const SIMPLE_ACTIONS: Record<SimpleAction, { label: string; title: string; text: string; confirm: string }> = {
  validate: {
    label: 'Valider la demande',
    title: 'Valider la demande pour le parc ?',
    text: 'La validation de l’équipe est définitive. Configurez ensuite le paiement pour envoyer le devis.',
    confirm: 'Confirmer la validation',
  },
  'cheque-received': {
    label: 'Chèque de caution reçu',
    title: 'Confirmer la réception du chèque ?',
    text: 'La réservation passe à « Confirmée ».',
    confirm: 'Confirmer la réception',
  },
  complete: {
    label: 'Marquer comme terminée',
    title: 'Marquer la réservation comme terminée ?',
    text: 'Une réservation terminée ne peut plus être modifiée ni annulée.',
    confirm: 'Confirmer',
  },
};

const ICONS: Record<SimpleAction, ReactNode> = {
  validate: <CheckCircle2 aria-hidden />,
  'cheque-received': <LineIcon icon={landmarkIcon} aria-hidden />,
  complete: <CheckCheck aria-hidden />,
};

/** The lifecycle actions the server allows now (allowedActions), each behind a confirmation. */
export function RequestActions({
  detail,
  busy,
  run,
}: {
  detail: StaffBookingDetail;
  busy: boolean;
  run: (action: RequestAction) => Promise<boolean>;
}) {
  const [open, setOpen] = useState<SimpleAction | 'cancel' | null>(null);
  const allowed = detail.allowedActions;
  const simple = (['validate', 'cheque-received', 'complete'] as const).filter((kind) =>
    kind === 'validate' ? allowed.validate : kind === 'cheque-received' ? allowed.chequeReceived : allowed.complete,
  );
  const finish = (ok: boolean) => ok && setOpen(null);
  const current = open && open !== 'cancel' ? SIMPLE_ACTIONS[open] : null;

  if (simple.length === 0 && !allowed.cancel) {
    return <Text color="fg.muted">Aucune action possible sur cette réservation.</Text>;
  }

  return (
    <>
      <Flex gap="2" wrap="wrap">
        {simple.map((kind) => {
          return (
            <Button key={kind} colorPalette="brand" onClick={() => setOpen(kind)}>
              {ICONS[kind]}
              {SIMPLE_ACTIONS[kind].label}
            </Button>
          );
        })}
        {allowed.cancel && (
          <Button colorPalette="red" variant="outline" onClick={() => setOpen('cancel')}>
            <Ban aria-hidden />
            Annuler la réservation
          </Button>
        )}
      </Flex>
      {current && open !== 'cancel' && open && (
        <ConfirmDialog
          open
          onOpenChange={(next) => !next && setOpen(null)}
          title={current.title}
          confirmLabel={current.confirm}
          busy={busy}
          onConfirm={() => void run({ kind: open }).then(finish)}
        >
          <Text>{current.text}</Text>
        </ConfirmDialog>
      )}
      {open === 'cancel' && (
        <CancelDialog
          detail={detail}
          open
          onOpenChange={(next) => !next && setOpen(null)}
          busy={busy}
          onConfirm={(body: CancelBody) => void run({ kind: 'cancel', body }).then(finish)}
        />
      )}
    </>
  );
}
