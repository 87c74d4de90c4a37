import { Button, type ButtonProps } from '@chakra-ui/react';
import { ChevronDown, Share2 } from 'lucide-react';
import { forwardRef, lazy, Suspense, useState } from 'react';

export const COPIED = 'Lien copié dans le presse-papiers';
export const MANUAL_COPY = 'Copie automatique impossible : sélectionnez le lien et copiez-le manuellement';

export interface ShareMenuProps {
  url: string;
  label: string;
  onCopied: () => void;
  onManualCopy: () => void;
}

/** The button that opens the share menu, before and after its menu is loaded. */
export const ShareButton = forwardRef<HTMLButtonElement, ButtonProps>(function ShareButton(props, ref) {
  return (
    <Button ref={ref} variant="outline" colorPalette="brand" size="md" minH="44px" {...props}>
      <Share2 aria-hidden />
      Partager
      <ChevronDown aria-hidden />
    </Button>
  );
});

const loadMenu = () => import('./share-menu-open');
const OpenedShareMenu = lazy(async () => ({ default: (await loadMenu()).OpenedShareMenu }));

/**
 * The share menu of an active link. Its menu (Chakra's Menu, its state machine and positioning,
 * the QR code dialog) loads when the pointer or the focus reaches the button and mounts at its
 * first press, open and focused; until then the button alone is drawn, so a booking's links cost
 * the page neither that code nor a machine per link (docs/decisions.md, performance rule 21).
 */
export function ShareMenu(props: ShareMenuProps) {
  const [pressed, setPressed] = useState(false);
  const preload = () => void loadMenu().catch(() => undefined);
  const button = (
    <ShareButton
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => setPressed(true)}
    />
  );
  if (!pressed) return button;
  return (
    <Suspense fallback={button}>
      <OpenedShareMenu {...props} />
    </Suspense>
  );
}
