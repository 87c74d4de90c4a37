import { Button, HStack } from '@chakra-ui/react';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { PAYMENT_MESSAGES } from '@shared/api/payments.schema';
import { httpStatus } from '../../../shared/api/error-message';
import { PrintButton } from '../../../shared/ui/print-button';
import { notify } from '../../../shared/ui/toaster';
import { downloadContract } from '../../../shared/api/contracts';

/** The contract download (saved as 'Contrat-Reservation.pdf') and, in the desktop app, its print button. */
export function ContractActions({ contractUrl }: { contractUrl: string | null }) {
  const [busy, setBusy] = useState(false);
  const onDownload = async () => {
    if (!contractUrl) {
      notify.error(PAYMENT_MESSAGES.contractUnavailable);
      return;
    }
    setBusy(true);
    try {
      await downloadContract(contractUrl);
    } catch (error) {
      notify.error(
        httpStatus(error) === 404 ? PAYMENT_MESSAGES.contractUnavailable : PAYMENT_MESSAGES.contractDownload,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <HStack gap="3" flexWrap="wrap">
      <Button variant="outline" colorPalette="brand" size="lg" loading={busy} onClick={() => void onDownload()}>
        <FileDown aria-hidden />
        Télécharger le contrat
      </Button>
      {contractUrl ? <PrintButton kind="contract" contractUrl={contractUrl} /> : null}
    </HStack>
  );
}
