import { countOf } from '@shared/plural';
import { Badge, Table, Text } from '@chakra-ui/react';
import { BOOKING_JOB_STATE_LABELS, type BookingJob } from '@shared/api/staff-jobs.schema';
import { failureMessage } from '@renderer/shared/api/error-message';
import { formatDateTime } from '@renderer/shared/format/format';
import { AdminTable } from '../ui/scroll-table';
import { useRequestJobs } from './api/get-request-jobs';
import { RequestSection } from './request-sections';

const STATE_PALETTES: Record<BookingJob['state'], string> = {
  created: 'blue',
  retry: 'orange',
  active: 'yellow',
  completed: 'green',
  cancelled: 'gray',
  failed: 'red',
};

function Attempts({ job }: { job: BookingJob }) {
  if (job.attempts === 0) return <>—</>;
  return (
    <>
      {countOf(job.attempts, 'échec')} sur {job.retryLimit + 1} essais
    </>
  );
}

/**
 * The durable jobs of a request (docs/decisions.md, "Durable jobs"): what the server will do and
 * when (the option released, the booking completed), what it did, and what failed with its error.
 */
export function JobsSection({ bookingId }: { bookingId: string }) {
  const query = useRequestJobs(bookingId);
  const jobs = query.data ?? [];
  return (
    <RequestSection id="taches" title="Tâches planifiées">
      {query.isPending ? (
        <Text color="fg.muted">Chargement des tâches…</Text>
      ) : query.isError ? (
        <Text color="fg.error" role="alert">
          {failureMessage(query.error, { fallback: 'Les tâches de cette demande n’ont pas pu être chargées.' })}
        </Text>
      ) : jobs.length === 0 ? (
        <Text color="fg.muted">Aucune tâche planifiée pour cette demande.</Text>
      ) : (
        <AdminTable
          label="Liste des tâches planifiées"
          caption
          columns={['Tâche', 'Prévue le', 'État', 'Essais', 'Dernière erreur']}
        >
          {jobs.map((job) => (
            <Table.Row key={job._id}>
              <Table.Cell>{job.kindLabel}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatDateTime(job.dueAt)}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={STATE_PALETTES[job.state]} variant="subtle" size="sm">
                  {BOOKING_JOB_STATE_LABELS[job.state]}
                </Badge>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                <Attempts job={job} />
              </Table.Cell>
              <Table.Cell wordBreak="break-word">{job.lastError ?? '—'}</Table.Cell>
            </Table.Row>
          ))}
        </AdminTable>
      )}
    </RequestSection>
  );
}
