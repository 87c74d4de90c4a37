import { Alert, Link, List, Text } from '@chakra-ui/react';
import { __iconData as phoneIcon } from 'lucide-react/icons/phone';
import { LineIcon } from '@renderer/shared/ui/line-icon';
import { useEstablishmentInfo } from '@renderer/shared/api/establishment';
import { ChatPanel } from './chat-panel';

/** The info box of SPEC.md §2 and §9: reply delay, how long messages are kept, who sees them, urgent line. */
export function ChatInfoBox() {
  const { info, isFallback } = useEstablishmentInfo();
  const phone = info.phone;
  return (
    <Alert.Root status="info" data-testid="chat-info">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>À propos de cette discussion</Alert.Title>
        <Alert.Description>
          <List.Root ps="4" gap="1" mt="1">
            <List.Item>Notre équipe vous répond généralement sous 12h.</List.Item>
            <List.Item>Les messages sont conservés pendant toute la durée de votre réservation.</List.Item>
            <List.Item>Tous les participants de la réservation voient cette discussion.</List.Item>
          </List.Root>
          <Text mt="2" display="flex" gap="2" alignItems="center" flexWrap="wrap">
            <LineIcon icon={phoneIcon} aria-hidden size={16} />
            <span>Une urgence ? Appelez-nous au</span>
            {isFallback ? (
              <span>{phone}</span>
            ) : (
              <Link href={`tel:${phone.replace(/[^\d+]/g, '')}`} fontWeight="semibold" data-testid="urgent-phone">
                {phone}
              </Link>
            )}
          </Text>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * The Discussion section of /booking/{id} (SPEC.md §2), with the customer's token. `canHide`: surprise
 * mode and the reader not a guest of honour (docs/decisions.md, "Group shares").
 */
export function BookingDiscussion({ bookingId, canHide = false }: { bookingId: string; canHide?: boolean }) {
  return <ChatPanel bookingId={bookingId} header={<ChatInfoBox />} canHide={canHide} />;
}
