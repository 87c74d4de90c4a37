import pino from 'pino';
import type { Db } from '../../src/server/db/client';
import type { ServiceDeps } from '../../src/server/deps';
import { outboxMailer } from '../../src/server/modules/mail/mailer.public';
import type { PaymentProvider } from '../../src/server/providers/payments/payment-provider';

/**
 * What a sweep runner has on `db`: the outbox as mailer, the park's mail context, a silent log, and
 * the payment provider when it is a server's runner (`npm run sweep` on PGlite has none).
 */
export function sweepDeps(db: Db, provider?: PaymentProvider): ServiceDeps & { provider?: PaymentProvider } {
  return {
    db,
    mailer: outboxMailer(),
    mailContext: async () => ({
      parkName: 'Parc Aventure',
      parkEmail: 'contact@parc.fr',
      parkPhone: '05 58 00 00 00',
      publicUrl: 'http://parc.test',
    }),
    log: pino({ level: 'silent' }),
    ...(provider ? { provider } : {}),
  };
}
