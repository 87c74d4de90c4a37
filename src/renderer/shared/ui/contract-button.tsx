import { Button } from '@chakra-ui/react';
import { FileDown } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { PAYMENT_MESSAGES } from '@shared/payment-messages';
import { downloadContract } from '../api/contracts';
import { httpStatus } from '../api/error-message';
import { notify } from './toaster';

/**
 * Downloads a booking's contract (DESIGN.md §4); a missing contract (no url yet, or a 404) and
 * any other failure each get their own French toast.
 */
export function ContractButton({
  url,
  size = 'md',
  children,
}: {
  url: string | null;
  size?: 'md' | 'lg';
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    if (!url) {
      notify.error(PAYMENT_MESSAGES.contractUnavailable);
      return;
    }
    setBusy(true);
    try {
      await downloadContract(url);
    } catch (error) {
      notify.error(
        httpStatus(error) === 404 ? PAYMENT_MESSAGES.contractUnavailable : PAYMENT_MESSAGES.contractDownload,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" colorPalette="brand" size={size} loading={busy} onClick={() => void onClick()}>
      <FileDown aria-hidden />
      {children}
    </Button>
  );
}
