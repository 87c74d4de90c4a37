import { Alert, Badge, Button, Card, Flex, Heading, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { Ban } from 'lucide-react';
import { useState } from 'react';
import type { InviteLink } from '@shared/api/invitation.schema';
import { INVITATION_MESSAGES } from '@shared/invitation-messages';
import { INVITE_LINK_STATUS_LABELS, usesLabel, type InviteLinkStatus } from '@shared/invite-link-status';
import { failureMessage } from '@renderer/shared/api/error-message';
import { formatDateTime, formatShortDate } from '@renderer/shared/format/format';
import { notify } from '@renderer/shared/ui/toaster';
import { useInviteLinks, useRevokeInviteLink } from '../api/invite-links';
import { ConfirmDialog } from '@renderer/shared/ui/confirm-dialog';
import { CreateLinkDialog } from './create-link-dialog';
import { shareableInvitationUrl } from './invite-url';
import { COPIED, MANUAL_COPY, ShareMenu } from './share-menu';

const STATUS_COLORS: Record<InviteLinkStatus, string> = {
  active: 'green',
  exhausted: 'orange',
  expired: 'gray',
  revoked: 'red',
};

function LinkCard({ link, bookingId, reference }: { link: InviteLink; bookingId: string; reference: string }) {
  const revoke = useRevokeInviteLink(bookingId);
  const [manualCopy, setManualCopy] = useState(false);
  const titleId = `link-${link._id}-title`;
  const active = link.status === 'active';
  const url = shareableInvitationUrl(link);
  return (
    <Card.Root as="li" variant="outline" size="sm" aria-labelledby={titleId} data-testid="invite-link">
      <Card.Body gap="3">
        <Flex gap="3" justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap="0" minW="0">
            <Heading as="h4" size="sm" id={titleId}>
              Lien créé le {formatDateTime(link.createdAt)}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              par {link.createdBy.firstName} {link.createdBy.lastName}
            </Text>
          </Stack>
          <Badge colorPalette={STATUS_COLORS[link.status]} variant="subtle" size="lg" data-testid="link-status">
            {INVITE_LINK_STATUS_LABELS[link.status]}
          </Badge>
        </Flex>
        <Flex gap={{ base: '1', sm: '6' }} direction={{ base: 'column', sm: 'row' }} color="fg.muted" fontSize="sm">
          <Text>
            Utilisations : <span data-testid="link-uses">{usesLabel(link)}</span>
          </Text>
          <Text>Expiration : {link.expiresAt ? formatShortDate(link.expiresAt) : 'aucune'}</Text>
        </Flex>
        <Input
          readOnly
          value={url}
          size="sm"
          aria-label="Lien d'invitation"
          data-testid="link-url"
          onFocus={(event) => event.currentTarget.select()}
        />
        {manualCopy && (
          <Alert.Root status="warning" role="alert" size="sm">
            <Alert.Indicator />
            <Alert.Title>{MANUAL_COPY}</Alert.Title>
          </Alert.Root>
        )}
        {link.participants.length > 0 && (
          <Text fontSize="sm">
            Inscrits par ce lien :{' '}
            {link.participants.map((person) => `${person.firstName} ${person.lastName}`).join(', ')}
          </Text>
        )}
        {active && (
          <Flex gap="2" wrap="wrap">
            <ShareMenu
              url={url}
              label={reference}
              onCopied={() => {
                setManualCopy(false);
                notify.success(COPIED);
              }}
              onManualCopy={() => setManualCopy(true)}
            />
            <ConfirmDialog
              trigger={
                <Button variant="outline" colorPalette="red" size="md" minH="44px">
                  <Ban aria-hidden />
                  Révoquer
                </Button>
              }
              title="Révoquer ce lien ?"
              confirmLabel="Révoquer le lien"
              danger
              onConfirm={async () => {
                try {
                  await revoke.mutateAsync(link._id);
                } catch (error) {
                  notify.error(failureMessage(error, { fallback: INVITATION_MESSAGES.revokeError }));
                  return false;
                }
                notify.success(INVITATION_MESSAGES.linkRevoked);
                return true;
              }}
            >
              <Text>
                Plus personne ne pourra rejoindre la réservation avec ce lien. Les personnes déjà inscrites le restent.
              </Text>
            </ConfirmDialog>
          </Flex>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** The invitation links of a booking (SPEC.md §2 Participants section), for its organizer. */
export function InviteLinksPanel({
  bookingId,
  reference,
  canCreate,
}: {
  bookingId: string;
  reference: string;
  canCreate: boolean;
}) {
  const links = useInviteLinks(bookingId);
  return (
    <Stack gap="3" as="section" aria-labelledby="invite-links-title">
      <Heading as="h3" size="md" id="invite-links-title">
        Liens d'invitation
      </Heading>
      <Text color="fg.muted">
        Partagez un lien avec vos proches : chacun rejoint la réservation en indiquant ses coordonnées.
      </Text>
      {canCreate && <CreateLinkDialog bookingId={bookingId} />}
      {links.isPending ? (
        <Spinner role="status" size="md" color="brand.solid" aria-label="Chargement des liens d'invitation" />
      ) : links.isError ? (
        <Text color="fg.error">Erreur lors du chargement des liens d'invitation</Text>
      ) : links.data.length === 0 ? (
        <Text color="fg.muted">Aucun lien d'invitation pour le moment.</Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3" aria-label="Liens d'invitation">
          {links.data.map((link) => (
            <LinkCard key={link._id} link={link} bookingId={bookingId} reference={reference} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
