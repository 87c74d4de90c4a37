import { Button, HStack, Text, type SystemStyleObject } from '@chakra-ui/react';
import { EyeOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { ChatMessage, MessageAttachment } from '@shared/api/messages.schema';
import { errorMessage } from '@renderer/shared/api/error-message';
import { formatDateTime, formatMessageTime } from '@renderer/shared/format/format';
import { notify } from '@renderer/shared/ui/toaster';
import { AttachmentList } from './attachments';
import { HIDDEN_FROM_GUEST_TEXT } from './composer';
import { MessageContent } from './message-content';
import { useDeleteMessage } from './use-chat';

export const DELETED_TEXT = 'Message supprimé';

/**
 * The styles of every line of a chat, set once on the list that holds them (`MessageList`): a line is
 * plain elements named by these classes, so fifty lines cost the styles of one element
 * (docs/decisions.md, performance rule 28). Tokens and conditions as in Chakra's style props.
 */
export const LINE_STYLES: SystemStyleObject = {
  listStyleType: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  '& > .chat-line': { display: 'flex', justifyContent: 'flex-start' },
  '& > .chat-line[data-own]': { justifyContent: 'flex-end' },
  '& .chat-column': {
    display: 'flex',
    flexDirection: 'column',
    gap: '1',
    maxW: { base: '92%', md: '75%' },
    alignItems: 'flex-start',
  },
  '& [data-own] > .chat-column': { alignItems: 'flex-end' },
  '& .chat-meta': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '2',
    fontSize: 'xs',
    color: 'fg.muted',
  },
  '& .chat-author': { fontWeight: 'semibold', color: 'fg' },
  '& [data-author-type="team"] .chat-author': { color: 'brand.fg' },
  '& .chat-hidden': { display: 'inline-flex', alignItems: 'center', gap: '1', color: 'fg' },
  '& .chat-bubble': { px: '3', py: '2', rounded: 'lg', color: 'fg', bg: 'bg.muted' },
  '& [data-author-type="team"] .chat-bubble': { bg: 'green.subtle' },
  '& [data-own] .chat-bubble': { bg: 'blue.subtle' },
  '& .chat-bubble[data-deleted]': { bg: 'transparent', borderWidth: '1px', borderStyle: 'dashed' },
  '& .chat-deleted': { fontStyle: 'italic', color: 'fg.muted' },
  '& .chat-body': { overflowWrap: 'anywhere' },
  '& .chat-body[data-kind="text"]': { whiteSpace: 'pre-wrap' },
  '& .chat-body a': { color: 'inherit', textDecoration: 'underline', wordBreak: 'break-all' },
  '& .chat-body ul, & .chat-body ol': { paddingInlineStart: '5' },
  '& .chat-body p + p': { marginTop: '2' },
  '& .chat-body pre': { whiteSpace: 'pre-wrap' },
  // Chakra's `Button` as `size="xs" variant="ghost" colorPalette="gray"` draws it.
  '& .chat-delete': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '1',
    h: '8',
    minW: '8',
    px: '2.5',
    textStyle: 'xs',
    fontWeight: 'medium',
    lineHeight: '1.2',
    whiteSpace: 'nowrap',
    rounded: 'l2',
    color: 'gray.fg',
    bg: 'transparent',
    borderWidth: '1px',
    borderColor: 'transparent',
    cursor: 'button',
    transitionProperty: 'common',
    transitionDuration: 'moderate',
    focusVisibleRing: 'outside',
    _hover: { bg: 'gray.subtle' },
    '& svg': { width: '4', height: '4', flexShrink: '0' },
  },
};

function DeleteControl({ bookingId, messageId }: { bookingId: string; messageId: string }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteMessage(bookingId);
  if (!confirming) {
    return (
      <button type="button" className="chat-delete" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden />
        Supprimer
      </button>
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

/** One line of the chat: its author, its time, its bubble and, on one's own line, « Supprimer ». */
export function MessageLine({
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
  const deleted = message.status === 'deleted';
  return (
    <li
      className="chat-line"
      data-own={own ? '' : undefined}
      data-testid="chat-message"
      data-author-type={message.authorType}
    >
      <div className="chat-column">
        <div className="chat-meta">
          <span className="chat-author" data-testid="message-author">
            {own ? `${message.authorName} (vous)` : message.authorName}
          </span>
          <time dateTime={message.createdAt} title={formatDateTime(message.createdAt)}>
            {formatMessageTime(message.createdAt)}
          </time>
          {markHidden && message.hiddenFromGuests && (
            <span className="chat-hidden" data-testid="message-hidden-from-guest">
              <EyeOff aria-hidden size={12} />
              {HIDDEN_FROM_GUEST_TEXT}
            </span>
          )}
        </div>
        <div className="chat-bubble" data-deleted={deleted ? '' : undefined}>
          {deleted ? (
            <p className="chat-deleted">{DELETED_TEXT}</p>
          ) : (
            <>
              <MessageContent content={message.content} />
              <AttachmentList attachments={message.attachments} onOpenImage={onOpenImage} />
            </>
          )}
        </div>
        {own && !deleted && <DeleteControl bookingId={bookingId} messageId={message._id} />}
      </div>
    </li>
  );
}
