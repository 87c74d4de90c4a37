import type { DayPasses } from '../../../shared/api/onsite-day.schema';
import { isWalkIn } from '../payments/payment-view.public';
import { signPass } from './pass-code';
import * as repo from './onsite.repository';
import { qrPngOf, type OnsiteDeps } from './onsite.service';

/**
 * GET /api/v1/staff/day/{date}/passes (docs/decisions.md, "On site"): what the team prints for a
 * day in one batch. Only the bookings confirmed for that day (walk-ins are confirmed at once):
 * each joined participant's pass, signed exactly as GET …/pass signs it, and the booking's
 * contract when the team generated one.
 */
export async function dayPasses(deps: OnsiteDeps, day: string): Promise<DayPasses> {
  const { bookings, people } = await repo.listDayGroups(deps.db, day);
  const confirmed = bookings.filter((booking) => booking.status === 'confirmed');
  const contracts = await repo.listContractFiles(
    deps.db,
    confirmed.map((booking) => booking.id),
  );
  const result = await Promise.all(
    confirmed.map(async (booking) => ({
      bookingId: booking.id,
      bookingRequestId: booking.reference,
      organizerName: `${booking.mainContact.firstName} ${booking.mainContact.lastName}`,
      walkIn: isWalkIn(booking),
      contractFile: contracts.get(booking.id) ?? null,
      passes: await Promise.all(
        people
          .filter((person) => person.bookingId === booking.id)
          .map(async (person) => {
            const code = signPass(deps.passKey, {
              bookingId: booking.id,
              participantId: person.id,
              startDate: booking.startDate,
              endDate: booking.endDate,
            });
            return {
              participantId: person.id,
              firstName: person.firstName,
              lastName: person.lastName,
              code,
              qrPng: await qrPngOf(code),
            };
          }),
      ),
    })),
  );
  return { date: day, bookings: result };
}
