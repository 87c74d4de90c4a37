import { Menu } from '@chakra-ui/react';
import { menuSlotRecipe } from '@chakra-ui/react/theme';
import { Copy, MessageSquare, QrCode, Send, Share2 } from 'lucide-react';
import { __iconData as mailIcon } from 'lucide-react/icons/mail';
import { LineIcon } from '@renderer/shared/ui/line-icon';
import { useRef, useState } from 'react';
import { QrCodeDialog } from './qr-code-dialog';
import { ShareButton, type ShareMenuProps } from './share-menu';

/** Where the share menu sends a link (SPEC.md §2: two messaging apps, two social networks, e-mail, SMS). */
export function shareTargets(url: string, text: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`,
    telegram: `https://t.me/share/url?url=${u}&text=${t}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    x: `https://x.com/intent/post?url=${u}&text=${t}`,
    email: `mailto:?subject=${encodeURIComponent('Invitation à rejoindre notre réservation')}&body=${encodeURIComponent(`${text}\n\n${url}`)}`,
    sms: `sms:?&body=${encodeURIComponent(`${text} ${url}`)}`,
  };
}

/**
 * The share menu of an active link, as `ShareMenu` (./share-menu.tsx) mounts it at the first press
 * of its button: open at once, the focus in it. `onManualCopy` shows the link to copy by hand when
 * the browser refuses the clipboard (SPEC.md §8).
 */
export function OpenedShareMenu({ url, label, onCopied, onManualCopy }: ShareMenuProps) {
  const [qrOpen, setQrOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const text = `Rejoignez notre réservation au parc : ${label}`;
  const targets = shareTargets(url, text);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(url);
      onCopied();
    } catch {
      onManualCopy();
    }
  };

  const open = (href: string) => window.open(href, '_blank', 'noopener,noreferrer');

  return (
    <>
      {/*
        Not portalled: the menu stays inside the page's main landmark (axe's 'region'), and its
        fixed positioning keeps it out of any scrolling box around it.
      */}
      <Menu.Root recipe={menuSlotRecipe} positioning={{ placement: 'bottom-start', strategy: 'fixed' }} defaultOpen>
        <Menu.Trigger asChild ref={trigger}>
          <ShareButton />
        </Menu.Trigger>
        <Menu.Positioner>
          <Menu.Content minW="14rem">
            <Menu.Item value="copy" onSelect={() => void copy()}>
              <Copy aria-hidden size={16} /> Copier le lien
            </Menu.Item>
            <Menu.Item value="whatsapp" onSelect={() => open(targets.whatsapp)}>
              <MessageSquare aria-hidden size={16} /> WhatsApp
            </Menu.Item>
            <Menu.Item value="telegram" onSelect={() => open(targets.telegram)}>
              <Send aria-hidden size={16} /> Telegram
            </Menu.Item>
            <Menu.Item value="facebook" onSelect={() => open(targets.facebook)}>
              <Share2 aria-hidden size={16} /> Facebook
            </Menu.Item>
            <Menu.Item value="x" onSelect={() => open(targets.x)}>
              <Share2 aria-hidden size={16} /> X (Twitter)
            </Menu.Item>
            <Menu.Item value="email" onSelect={() => window.location.assign(targets.email)}>
              <LineIcon icon={mailIcon} aria-hidden size={16} /> Email
            </Menu.Item>
            <Menu.Item value="sms" onSelect={() => window.location.assign(targets.sms)}>
              <MessageSquare aria-hidden size={16} /> SMS
            </Menu.Item>
            <Menu.Item value="qr" onSelect={() => setQrOpen(true)}>
              <QrCode aria-hidden size={16} /> QR code
            </Menu.Item>
            {canShare && (
              <Menu.Item
                value="native"
                onSelect={() => void navigator.share({ title: 'Invitation', text, url }).catch(() => undefined)}
              >
                <Share2 aria-hidden size={16} /> Partager via…
              </Menu.Item>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>
      <QrCodeDialog
        url={url}
        label={label}
        open={qrOpen}
        onClose={() => setQrOpen(false)}
        finalFocusEl={() => trigger.current}
      />
    </>
  );
}
