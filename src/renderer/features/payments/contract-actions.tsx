import { HStack } from '@chakra-ui/react';
import { ContractButton } from '@renderer/shared/ui/contract-button';
import { PrintButton } from '@renderer/shared/ui/print-button';

/** The contract download (saved as 'Contrat-Reservation.pdf') and, in the desktop app, its print button. */
export function ContractActions({ contractUrl }: { contractUrl: string | null }) {
  return (
    <HStack gap="3" flexWrap="wrap">
      <ContractButton url={contractUrl} size="lg">
        Télécharger le contrat
      </ContractButton>
      {contractUrl ? <PrintButton kind="contract" contractUrl={contractUrl} /> : null}
    </HStack>
  );
}
