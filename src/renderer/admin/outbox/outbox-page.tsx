import { Badge, Box, Button, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import type { OutboxEmail } from '@shared/api/staff.schema';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '@renderer/shared/api/error-message';
import { formatDateTime } from '@renderer/shared/format/format';
import { notify } from '@renderer/shared/ui/toaster';
import { AdminPage, ErrorState, LoadingState } from '../ui/admin-page';
import { useOutbox } from './api/get-outbox';
import { useResendMail } from './api/resend-mail';
import { countOf } from '@shared/plural';

/** A mail's delivery, as the team reads it (docs/decisions.md, "Durable jobs"). */
export const MAIL_STATUS_LABELS: Record<OutboxEmail['status'], string> = {
  pending: 'En attente d’envoi',
  sent: 'Envoyé',
  failed: 'Échec de l’envoi',
  recorded: 'Enregistré (aucun serveur d’envoi configuré)',
};

const MAIL_STATUS_PALETTES: Record<OutboxEmail['status'], string> = {
  pending: 'yellow',
  sent: 'green',
  failed: 'red',
  recorded: 'gray',
};

function MailDelivery({ email }: { email: OutboxEmail }) {
  const resend = useResendMail();
  const tries = countOf(email.attempts, 'tentative');
  return (
    <Flex gap="2" align="center" wrap="wrap" mt="1">
      <Badge colorPalette={MAIL_STATUS_PALETTES[email.status]} variant="subtle" size="sm">
        {MAIL_STATUS_LABELS[email.status]}
      </Badge>
      {email.status === 'sent' && email.sentAt && (
        <Text as="span" fontSize="sm" color="fg.muted">
          le {formatDateTime(email.sentAt)}
        </Text>
      )}
      {(email.status === 'pending' || email.status === 'failed') && email.attempts > 0 && (
        <Text as="span" fontSize="sm" color="fg.muted" wordBreak="break-word">
          {tries}
          {email.lastError ? ` · dernière erreur : ${email.lastError}` : ''}
        </Text>
      )}
      {email.status === 'failed' && (
        <Button
          size="xs"
          variant="outline"
          minH="9"
          loading={resend.isPending}
          onClick={() =>
            resend.mutate(email._id, {
              onSuccess: ({ message }) => notify.success(message),
              onError: (error) => notify.error(errorMessage(error)),
            })
          }
        >
          Renvoyer
        </Button>
      )}
    </Flex>
  );
}

/** /admin/emails?to=…&page=…: what the product sent, newest first, secrets masked by the server. */
export function OutboxPage() {
  const [params, setParams] = useSearchParams();
  const to = params.get('to') ?? '';
  const bookingId = params.get('bookingId') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [address, setAddress] = useState(to);
  const outbox = useOutbox({ to, bookingId, page });
  const go = (next: { to?: string; page?: number }) => {
    const search = new URLSearchParams();
    const nextTo = next.to ?? to;
    if (nextTo) search.set('to', nextTo);
    if (bookingId) search.set('bookingId', bookingId);
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };

  return (
    <AdminPage
      title="E-mails envoyés"
      lead="Les plus récents d’abord. Les mots de passe temporaires et les liens de connexion sont masqués."
    >
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          go({ to: address.trim(), page: 1 });
        }}
      >
        <Flex gap="2" align="flex-end" maxW="xl">
          <Field.Root flex="1">
            <Field.Label fontSize="sm">Destinataire (adresse exacte)</Field.Label>
            <Input size="sm" type="email" value={address} onChange={(event) => setAddress(event.currentTarget.value)} />
          </Field.Root>
          <Button type="submit" size="sm" colorPalette="brand">
            <Search aria-hidden />
            Filtrer
          </Button>
        </Flex>
      </form>
      {outbox.isPending && <LoadingState label="Chargement des e-mails…" />}
      {outbox.isError && <ErrorState error={outbox.error} onRetry={() => void outbox.refetch()} />}
      {outbox.data && (
        <>
          <Text role="status" fontSize="sm" color="fg.muted">
            {countOf(outbox.data.pagination.total, 'e-mail')}
          </Text>
          <Stack as="ul" gap="2" listStyleType="none" data-testid="outbox-list">
            {outbox.data.emails.map((email) => (
              <li key={email._id}>
                <Box as="details" borderWidth="1px" rounded="md" px="3" py="2">
                  <Box as="summary" cursor="pointer">
                    <Text as="span" fontWeight="medium">
                      {email.subject}
                    </Text>
                    <Text as="span" display="block" fontSize="sm" color="fg.muted" wordBreak="break-all">
                      {email.to} · {formatDateTime(email.createdAt)}
                    </Text>
                  </Box>
                  <Text whiteSpace="pre-wrap" fontSize="sm" mt="2" wordBreak="break-word">
                    {email.text}
                  </Text>
                </Box>
                <MailDelivery email={email} />
              </li>
            ))}
          </Stack>
          {outbox.data.pagination.pages > 1 && (
            <Flex as="nav" aria-label="Pagination" gap="3" justify="center" align="center">
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
                Page précédente
              </Button>
              <Text fontSize="sm">
                Page {page} sur {outbox.data.pagination.pages}
              </Text>
              <Button
                size="sm"
                variant="outline"
                disabled={page >= outbox.data.pagination.pages}
                onClick={() => go({ page: page + 1 })}
              >
                Page suivante
              </Button>
            </Flex>
          )}
        </>
      )}
    </AdminPage>
  );
}
