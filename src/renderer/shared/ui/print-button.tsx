import { Button, type ButtonProps } from '@chakra-ui/react';
import { Printer } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { PrintResult } from '@shared/desktop-bridge';
import { usePrintAvailable } from '../desktop';
import { printContract, printQrCode } from '../desktop-print';
import { notify } from './toaster';

export const PRINT_STARTED = 'Impression lancée';
export const printFailedMessage = (error: string) => `Impression impossible : ${error}`;

type PrintTarget =
  | {
      kind: 'qr-code';
      url: string;
      label: string;
      /**
       * On the web build, print the page itself with `window.print()` (the QR code modal is the
       * page's printable content). Without it the button is not rendered on the web.
       */
      webFallback?: boolean;
    }
  | {
      kind: 'contract';
      /** The booking's `contractUrl` ('/api/v1/contracts/{filename}'). */
      contractUrl: string;
    };

export type PrintButtonProps = PrintTarget & {
  children?: ReactNode;
} & Omit<ButtonProps, 'onClick' | 'children' | 'loading' | 'loadingText'>;

const DEFAULT_LABELS = { 'qr-code': 'Imprimer le QR code', contract: 'Imprimer le contrat' } as const;

/**
 * A print button for the features (QR code modal, contract): the desktop app prints through the
 * bridge and the user is told what really happened; the web build shows nothing, or lets the
 * browser print the page for a QR code.
 */
export function PrintButton(props: PrintButtonProps) {
  const available = usePrintAvailable();
  const [printing, setPrinting] = useState(false);
  const { children, ...rest } = props;
  const buttonProps = withoutTarget(rest);
  const content = (
    <>
      <Printer aria-hidden />
      {children ?? DEFAULT_LABELS[props.kind]}
    </>
  );

  if (!available) {
    if (props.kind !== 'qr-code' || !props.webFallback) return null;
    return (
      <Button variant="outline" size="lg" minH="44px" {...buttonProps} onClick={() => window.print()}>
        {content}
      </Button>
    );
  }

  async function print() {
    setPrinting(true);
    let result: PrintResult;
    try {
      result =
        props.kind === 'qr-code' ? await printQrCode(props.url, props.label) : await printContract(props.contractUrl);
    } finally {
      setPrinting(false);
    }
    if (result.ok) notify.success(PRINT_STARTED);
    else notify.error(printFailedMessage(result.error));
  }

  return (
    <Button
      variant="outline"
      size="lg"
      minH="44px"
      {...buttonProps}
      loading={printing}
      loadingText="Impression…"
      onClick={() => void print()}
    >
      {content}
    </Button>
  );
}

/** The button's own props, without the print target's fields (they are not DOM attributes). */
function withoutTarget(props: Omit<PrintButtonProps, 'children'>): ButtonProps {
  const rest: Record<string, unknown> = { ...props };
  for (const key of ['kind', 'url', 'label', 'webFallback', 'contractUrl']) delete rest[key];
  return rest as ButtonProps;
}
