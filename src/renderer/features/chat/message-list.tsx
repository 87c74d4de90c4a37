import { Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { EyeOff, Trash2 } from 'lucide-react';
import { HIDDEN_FROM_GUEST_TEXT } from './composer';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ChatMessage, MessageAttachment } from '@shared/api/messages.schema';
import { errorMessage } from '@renderer/shared/api/error-message';
import { formatDateTime, formatMessageTime } from '@renderer/shared/format/format';
import { notify } from '@renderer/shared/ui/toaster';
import { AttachmentList } from './attachments';
import { MessageContent } from './message-content';
import { useDeleteMessage } from './use-chat';

/** SPEC.md §9: the list scrolls to its end 200 ms after new messages arrive. */
export const SCROLL_DELAY_MS = 200;
export const DELETED_TEXT = 'Message supprimé';
export const OLDER_TEXT = 'Messages précédents';
export const OLDER_ERROR = 'Les messages précédents n’ont pas pu être chargés.';

/** The older lines of a chat, loaded on demand above the ones shown. */
export interface OlderMessages {
  hasMore: boolean;
  isLoading: boolean;
  isError?: boolean;
  load: () => void;
}

/** Who writes in this chat: a customer (organizer or participant) or the park team (back-office). */
export type ChatSide = 'customer' | 'team';

/**
 * What an empty chat says to each side. A team line is read by the organizer and the participants
 * who joined the booking, nobody else (`accessBooking`, src/server/modules/messages/README.md).
 */
export const EMPTY_CHAT_TEXT: Record<ChatSide, string> = {
  customer: 'Aucun message pour le moment. Posez votre question : toute l’équipe du parc la verra.',
  team: 'Aucun message pour le moment. Écrivez au client : l’organisateur et les participants qui ont rejoint la réservation verront votre réponse.',
};

function DeleteControl({ bookingId, messageId }: { bookingId: string; messageId: string }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteMessage(bookingId);
  if (!confirming) {
    return (
      <Button size="xs" variant="ghost" colorPalette="gray" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden />
        Supprimer
      </Button>
    );
  }
  return (
    <HStack gap="1" role="group" aria-label="Confirmer la suppression">
      <Text fontSize="xs">Supprimer ce message ?</Text>
      <Button
        size="xs"
        colorPalette="red"
        loading={remove.isPending}
        onClick={() =>
          remove.mutate(messageId, {
            onError: (error) => notify.error('Erreur lors de la suppression', { description: errorMessage(error) }),
            onSettled: () => setConfirming(false),
          })
        }
      >
        Oui
      </Button>
      <Button size="xs" variant="outline" onClick={() => setConfirming(false)}>
        Non
      </Button>
    </HStack>
  );
}

function MessageItem({
  message,
  bookingId,
  onOpenImage,
  markHidden,
}: {
  message: ChatMessage;
  bookingId: string;
  onOpenImage: (attachment: MessageAttachment) => void;
  markHidden: boolean;
}) {
  const own = message.isOwn;
  const team = message.authorType === 'team';
  const deleted = message.status === 'deleted';
  return (
    <Flex
      as="li"
      justify={own ? 'flex-end' : 'flex-start'}
      data-testid="chat-message"
      data-author-type={message.authorType}
    >
      <Stack gap="1" maxW={{ base: '92%', md: '75%' }} align={own ? 'flex-end' : 'flex-start'}>
        <HStack gap="2" fontSize="xs" color="fg.muted" wrap="wrap">
          <Text fontWeight="semibold" color={team ? 'brand.fg' : 'fg'} data-testid="message-author">
            {own ? `${message.authorName} (vous)` : message.authorName}
          </Text>
          <time dateTime={message.createdAt} title={formatDateTime(message.createdAt)}>
            {formatMessageTime(message.createdAt)}
          </time>
          {markHidden && message.hiddenFromGuests && (
            <HStack as="span" gap="1" color="fg" data-testid="message-hidden-from-guest">
              <EyeOff aria-hidden size={12} />
              {HIDDEN_FROM_GUEST_TEXT}
            </HStack>
          )}
        </HStack>
        <Box
          px="3"
          py="2"
          rounded="lg"
          bg={deleted ? 'transparent' : own ? 'blue.subtle' : team ? 'green.subtle' : 'bg.muted'}
          borderWidth={deleted ? '1px' : '0'}
          borderStyle="dashed"
          color="fg"
        >
          {deleted ? (
            <Text fontStyle="italic" color="fg.muted">
              {DELETED_TEXT}
            </Text>
          ) : (
            <>
              <MessageContent content={message.content} />
              <AttachmentList attachments={message.attachments} onOpenImage={onOpenImage} />
            </>
          )}
        </Box>
        {own && !deleted && <DeleteControl bookingId={bookingId} messageId={message._id} />}
      </Stack>
    </Flex>
  );
}

/** « Messages précédents » at the top of the list, while the chat has older lines. */
function OlderButton({ older, onBeforeLoad }: { older: OlderMessages; onBeforeLoad: () => void }) {
  return (
    <Stack align="center" gap="2" mb="4">
      {older.isError && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {OLDER_ERROR}
        </Text>
      )}
      <Button
        size="sm"
        variant="outline"
        loading={older.isLoading}
        loadingText="Chargement…"
        onClick={() => {
          onBeforeLoad();
          older.load();
        }}
      >
        {OLDER_TEXT}
      </Button>
    </Stack>
  );
}

/**
 * The conversation, oldest first, kept scrolled to its end as new messages arrive; older ones
 * come on demand (`older`), above, the lines on screen staying where they were.
 */
export function MessageList({
  bookingId,
  messages,
  onOpenImage,
  side = 'customer',
  older,
  markHidden = false,
}: {
  bookingId: string;
  messages: ChatMessage[];
  onOpenImage: (attachment: MessageAttachment) => void;
  side?: ChatSide;
  older?: OlderMessages;
  /** Shows « Caché pour l’invité d’honneur » on the lines hidden from the guests of honour. */
  markHidden?: boolean;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?._id;
  const first = messages[0]?._id;
  // The distance from the list's end when older lines were asked for: kept when they arrive.
  const fromEnd = useRef<number | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      const node = scroller.current;
      if (node) node.scrollTop = node.scrollHeight;
    }, SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [last]);
  useLayoutEffect(() => {
    const node = scroller.current;
    if (!node || fromEnd.current === null) return;
    node.scrollTop = node.scrollHeight - fromEnd.current;
    fromEnd.current = null;
  }, [first]);
  const rememberPosition = () => {
    const node = scroller.current;
    if (node) fromEnd.current = node.scrollHeight - node.scrollTop;
  };

  return (
    <Box
      ref={scroller}
      maxH={{ base: '60vh', md: '480px' }}
      overflowY="auto"
      borderWidth="1px"
      rounded="lg"
      p={{ base: '3', md: '4' }}
      bg="bg.subtle"
      tabIndex={0}
      aria-label="Messages de la discussion"
      data-testid="chat-messages"
    >
      {messages.length === 0 ? (
        <Text color="fg.muted" textAlign="center" py="6" data-testid="chat-empty">
          {EMPTY_CHAT_TEXT[side]}
        </Text>
      ) : (
        <>
          {older?.hasMore && <OlderButton older={older} onBeforeLoad={rememberPosition} />}
          <Box role="log" aria-live="polite" aria-label="Fil de la discussion">
            <Stack as="ol" listStyleType="none" gap="4">
              {messages.map((message) => (
                <MessageItem
                  key={message._id}
                  message={message}
                  bookingId={bookingId}
                  onOpenImage={onOpenImage}
                  markHidden={markHidden}
                />
              ))}
            </Stack>
          </Box>
        </>
      )}
    </Box>
  );
}
