import { Badge, Box, Link, Table, Text } from '@chakra-ui/react';
import { RouterLink } from '@renderer/shared/ui/router-link';
import type { ReactNode } from 'react';
import type { StaffBookingDetail } from '@shared/api/staff.schema';
import type { DetailLine } from '@shared/api/customer-booking.schema';
import { formatEuros, formatLongDate } from '@renderer/shared/format/format';
import { bookingTypeLabel } from '@renderer/shared/ui/booking-badges';
import { DetailItem, DetailList } from '@renderer/shared/ui/detail-list';
import { AdminTable } from '../ui/scroll-table';
import { SectionCard } from '@renderer/shared/ui/section-card';
import { formatPhone } from '@shared/phone';

/** One titled card of the request page; its id is the anchor of the page's section links. */
export function RequestSection({ id, ...section }: { id: string; title: string; gap?: '3'; children: ReactNode }) {
  return <SectionCard id={id} headingId={`${id}-title`} p={{ base: '3', md: '5' }} variant="outline" {...section} />;
}

function orDash(value: string | null | undefined): string {
  return value && value.trim() ? value : '—';
}

export function CustomerSection({ detail }: { detail: StaffBookingDetail }) {
  const { organizer, mainContact } = detail;
  return (
    <RequestSection id="client" title="Client">
      <DetailList>
        <DetailItem label="Organisateur">
          {organizer.firstName} {organizer.lastName}
        </DetailItem>
        <DetailItem label="Email">
          <a href={`mailto:${organizer.email}`}>{organizer.email}</a>
        </DetailItem>
        <DetailItem label="Téléphone">{orDash(organizer.phone && formatPhone(organizer.phone))}</DetailItem>
        <DetailItem label="Contact principal">
          {mainContact.firstName} {mainContact.lastName} · {mainContact.email}
          {mainContact.phone ? ` · ${formatPhone(mainContact.phone)}` : ''}
        </DetailItem>
      </DetailList>
    </RequestSection>
  );
}

/** Key/value data of the event (organization, company, options): shown as given, labels kept. */
function DataPairs({ data }: { data: Record<string, string> }) {
  const entries = Object.entries(data).filter(([, value]) => value !== '');
  if (entries.length === 0) return <Text color="fg.muted">—</Text>;
  return (
    <Box as="ul" listStyleType="none">
      {entries.map(([key, value]) => (
        <li key={key}>
          <Text as="span" color="fg.muted">
            {key} :
          </Text>{' '}
          {value}
        </li>
      ))}
    </Box>
  );
}

export function EventSection({ detail }: { detail: StaffBookingDetail }) {
  return (
    <RequestSection id="evenement" title="Événement">
      <DetailList>
        <DetailItem label="Type">{bookingTypeLabel(detail.type, detail.bookingType)}</DetailItem>
        <DetailItem label="Dates">
          {formatLongDate(detail.startDate)}
          {detail.endDate && detail.endDate !== detail.startDate ? ` → ${formatLongDate(detail.endDate)}` : ''}{' '}
          <Link asChild color="brand.fg" fontSize="sm">
            <RouterLink to={`/admin/planning?date=${detail.startDate}`}>Voir le planning du jour</RouterLink>
          </Link>
        </DetailItem>
        <DetailItem label="Participants">{detail.participants}</DetailItem>
        <DetailItem label="Total estimé">{formatEuros(detail.estimatedTotal)}</DetailItem>
        <DetailItem label="Note du client">
          <Text whiteSpace="pre-wrap">{orDash(detail.note)}</Text>
        </DetailItem>
        <DetailItem label="Données de l’événement">
          <DataPairs data={{ ...detail.additionalEventData, ...detail.eventData }} />
        </DetailItem>
        <DetailItem label="Notes internes">
          <Text whiteSpace="pre-wrap" data-testid="hidden-notes">
            {orDash(detail.hiddenNotes)}
          </Text>
        </DetailItem>
        {detail.cancelReason && <DetailItem label="Motif d’annulation">{detail.cancelReason}</DetailItem>}
      </DetailList>
    </RequestSection>
  );
}

function slotText(line: DetailLine): string {
  if (line.selectedTimeSlot) return `${line.selectedTimeSlot.startTime} – ${line.selectedTimeSlot.endTime}`;
  return line.scheduledTime ?? 'Sans créneau';
}

export function ScheduleSection({ detail }: { detail: StaffBookingDetail }) {
  const lines = [...detail.bookingActivities, ...detail.bookingServices].sort((a, b) =>
    `${a.scheduledDate} ${slotText(a)}`.localeCompare(`${b.scheduledDate} ${slotText(b)}`),
  );
  return (
    <RequestSection id="programme" title="Programme">
      {lines.length === 0 ? (
        <Text color="fg.muted">Aucune activité ni prestation.</Text>
      ) : (
        <AdminTable
          label="Programme"
          columns={[
            'Jour',
            'Créneau',
            'Activité ou prestation',
            { label: 'Pers.', end: true },
            { label: 'Total', end: true },
          ]}
        >
          {lines.map((line) => (
            <Table.Row key={line._id}>
              <Table.Cell whiteSpace="nowrap">{formatLongDate(line.scheduledDate)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{slotText(line)}</Table.Cell>
              <Table.Cell>
                {line.name}{' '}
                {line.kind === 'service' && (
                  <Badge size="sm" variant="outline">
                    Prestation
                  </Badge>
                )}
              </Table.Cell>
              <Table.Cell textAlign="end">{line.customParticipants}</Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {formatEuros(line.total)}
              </Table.Cell>
            </Table.Row>
          ))}
        </AdminTable>
      )}
    </RequestSection>
  );
}

const PARTICIPANT_PAYMENT: Record<string, string> = { pending: 'À payer', not_required: 'Non requis', paid: 'Payé' };

export function ParticipantsSection({ detail }: { detail: StaffBookingDetail }) {
  return (
    <RequestSection id="participants" title={`Participants (${detail.bookingParticipants.length})`}>
      {detail.bookingParticipants.length === 0 ? (
        <Text color="fg.muted">Aucun participant invité.</Text>
      ) : (
        <AdminTable label="Participants" columns={['Nom', 'Email', 'Téléphone', 'Rôle', 'Statut', 'Paiement']}>
          {detail.bookingParticipants.map((participant) => (
            <Table.Row key={participant._id} opacity={participant.isActive ? 1 : 0.6}>
              <Table.Cell whiteSpace="nowrap">
                {participant.firstName} {participant.lastName}
              </Table.Cell>
              <Table.Cell wordBreak="break-all">
                <a href={`mailto:${participant.email}`}>{participant.email}</a>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{orDash(participant.phone && formatPhone(participant.phone))}</Table.Cell>
              <Table.Cell>{participant.role}</Table.Cell>
              <Table.Cell>
                {/* SPEC.md §2, the same words as the organizer's list (docs/decisions.md, "Connected participants"). */}
                {participant.hasConnected ? 'Rejoint' : 'Invité'}
                {!participant.isActive && ' (retiré)'}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                {PARTICIPANT_PAYMENT[participant.paymentStatus] ?? participant.paymentStatus}
                {participant.paymentAmount !== null && ` · ${formatEuros(participant.paymentAmount)}`}
              </Table.Cell>
            </Table.Row>
          ))}
        </AdminTable>
      )}
    </RequestSection>
  );
}
