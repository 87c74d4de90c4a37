import Linkify from 'linkify-react';
import { useMemo } from 'react';
import { messageBody } from './message-html';

/** Only web addresses written as such become links (never javascript:, data: or file:). */
const LINKIFY_OPTIONS = {
  target: '_blank',
  rel: 'noopener noreferrer',
  defaultProtocol: 'https',
  validate: {
    url: (value: string) => /^(https?:\/\/|www\.)/i.test(value),
  },
};

/**
 * A message as SPEC.md §5 shows it: HTML through DOMPurify's strict allow-list, or plain text
 * with clickable links and its line breaks. Styled by the chat's list (`LINE_STYLES`, ./message-line.tsx).
 */
export function MessageContent({ content }: { content: string }) {
  const body = useMemo(() => messageBody(content), [content]);
  if (body.kind === 'html') {
    return (
      <div
        className="chat-body"
        data-testid="message-content"
        // Sanitised by sanitizeMessageHtml (message-html.ts), tested against an XSS corpus.
        dangerouslySetInnerHTML={{ __html: body.html }}
      />
    );
  }
  return (
    <div className="chat-body" data-kind="text" data-testid="message-content">
      <Linkify options={LINKIFY_OPTIONS}>{body.text}</Linkify>
    </div>
  );
}
