import { Box } from '@chakra-ui/react';
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

const linkStyles = {
  '& a': { color: 'inherit', textDecoration: 'underline', wordBreak: 'break-all' },
  '& ul, & ol': { paddingInlineStart: '5' },
  '& p + p': { marginTop: '2' },
  '& pre': { whiteSpace: 'pre-wrap' },
};

/**
 * A message as SPEC.md §5 shows it: HTML through DOMPurify's strict allow-list, or plain text
 * with clickable links and its line breaks.
 */
export function MessageContent({ content }: { content: string }) {
  const body = useMemo(() => messageBody(content), [content]);
  if (body.kind === 'html') {
    return (
      <Box
        data-testid="message-content"
        css={linkStyles}
        overflowWrap="anywhere"
        // Sanitised by sanitizeMessageHtml (message-html.ts), tested against an XSS corpus.
        dangerouslySetInnerHTML={{ __html: body.html }}
      />
    );
  }
  return (
    <Box data-testid="message-content" whiteSpace="pre-wrap" overflowWrap="anywhere" css={linkStyles}>
      <Linkify options={LINKIFY_OPTIONS}>{body.text}</Linkify>
    </Box>
  );
}
