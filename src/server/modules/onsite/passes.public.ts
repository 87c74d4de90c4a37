import QRCode from 'qrcode';
import type { Db } from '../../db/client';
import type { PassFile } from '../../deps';
import { accessBooking } from '../bookings/booking-access.public';
import { listParticipants } from '../bookings/participant-list.public';
import { signPass } from './pass-code';

/** SPEC.md §9's QR parameters: level M, a margin of 4 modules, 192 px wide. */
export const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4, width: 192 } as const;

/** File names keep to ASCII letters and digits: every mail client shows them as they are. */
function fileNameOf(firstName: string, lastName: string): string {
  const plain = `${firstName}-${lastName}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `pass-${plain || 'participant'}.png`;
}

/**
 * The personal passes of a booking's participants who joined, the organizer included, as the
 * files a mail carries (docs/decisions.md, "On site"): the QR of each signed code, a PNG. The
 * composition root gives this to the services (`ServiceDeps.passes`), so that a module that
 * confirms a booking attaches the passes without knowing the pass key.
 */
export function passFilesOf(passKey: string) {
  return async (db: Db, bookingId: string): Promise<PassFile[]> => {
    const { booking } = await accessBooking(db, bookingId, { kind: 'staff', staffId: '', role: 'staff', name: '' });
    const joined = (await listParticipants(db, bookingId)).filter(
      (row) => row.isActive && row.invitationStatus === 'joined',
    );
    return Promise.all(
      joined.map(async (row) => {
        const code = signPass(passKey, {
          bookingId: booking.id,
          participantId: row.id,
          startDate: booking.startDate,
          endDate: booking.endDate,
        });
        const png = await QRCode.toBuffer(code, { ...QR_OPTIONS, type: 'png' });
        return {
          name: `${row.firstName} ${row.lastName}`.trim(),
          attachment: {
            filename: fileNameOf(row.firstName, row.lastName),
            contentType: 'image/png',
            cid: `pass-${row.id}@parc`,
            content: png.toString('base64'),
          },
        };
      }),
    );
  };
}
