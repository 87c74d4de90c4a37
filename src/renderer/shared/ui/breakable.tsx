import { Fragment } from 'react';

/**
 * An e-mail address that may wrap only before its '@' and its dots, never in the middle of a
 * word (at 360 px addresses were cut anywhere).
 */
export function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span style={{ overflowWrap: 'anywhere', wordBreak: 'normal' }} data-testid="breakable-email">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/**
 * A booking reference ('GRP-2026-00001') kept on one line: it never breaks inside, and the
 * line holding it wraps around it instead.
 */
export function Reference({ value }: { value: string }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }} data-testid="booking-reference-text">
      {value}
    </span>
  );
}
