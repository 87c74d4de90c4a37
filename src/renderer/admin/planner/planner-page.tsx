import { Button, Card, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { todayInParis } from '@shared/booking-days';
import { formatLongDate } from '@renderer/shared/format/format';
import { AdminPage, ErrorState, LoadingState, QueryStates } from '../ui/admin-page';
import { ActivityTimeline } from './day-timeline';
import { usePlanner } from './api/get-planner';
import { useWeeklyStats } from './api/get-weekly-stats';
import { addIsoDays, plannerDay } from './planner-dates';
import { WeeklyChart } from './weekly-chart';
import { countOf } from '@shared/plural';

function WeeklyStats() {
  const stats = useWeeklyStats();
  return (
    <Card.Root as="section" variant="outline" aria-labelledby="weekly-title">
      <Card.Body gap="3" p={{ base: '3', md: '5' }}>
        <Heading as="h2" size="md" id="weekly-title">
          Demandes et chiffre d’affaires par semaine
        </Heading>
        <QueryStates query={stats} loadingLabel="Chargement des statistiques…">
          {(data) => <WeeklyChart weeks={data} />}
        </QueryStates>
      </Card.Body>
    </Card.Root>
  );
}

/** /admin/planning?date=…: each activity's slots of the day, the groups in them and the places left. */
export function PlannerPage() {
  const [params, setParams] = useSearchParams();
  const day = plannerDay(params.get('date'));
  const planner = usePlanner(day);
  const goTo = (next: string) => setParams(next === todayInParis() ? {} : { date: next });
  const activities = planner.data?.activities ?? [];
  const bookings = planner.data?.bookings ?? [];
  const busy = activities.filter(
    (activity) => activity.slots.some((slot) => slot.groups.length > 0) || activity.unscheduled.length > 0,
  );
  const idle = activities.filter((activity) => !busy.includes(activity));

  return (
    <AdminPage title="Planning du jour" lead={<span data-testid="planner-day">{formatLongDate(day)}</span>}>
      {/* A group of controls that act at once, not a form: nothing is submitted. */}
      <Flex role="group" aria-label="Choisir le jour" gap="2" align="flex-end" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => goTo(addIsoDays(day, -1))}>
          <ChevronLeft aria-hidden />
          Jour précédent
        </Button>
        <Field.Root w="auto">
          <Field.Label fontSize="sm">Jour</Field.Label>
          <Input
            size="sm"
            type="date"
            value={day}
            onChange={(event) => event.currentTarget.value && goTo(event.currentTarget.value)}
          />
        </Field.Root>
        <Button size="sm" variant="outline" onClick={() => goTo(addIsoDays(day, 1))}>
          Jour suivant
          <ChevronRight aria-hidden />
        </Button>
        <Button size="sm" variant="ghost" onClick={() => goTo(todayInParis())}>
          Aujourd’hui
        </Button>
      </Flex>
      {planner.isPending && <LoadingState label="Chargement du planning…" />}
      {planner.isError && <ErrorState error={planner.error} onRetry={() => void planner.refetch()} />}
      {planner.data && (
        <Stack gap="3">
          {busy.length === 0 && <Text color="fg.muted">Aucun groupe n’est attendu ce jour-là.</Text>}
          {busy.map((activity) => (
            <ActivityTimeline key={activity._id} activity={activity} bookings={bookings} />
          ))}
          {idle.length > 0 && (
            <details>
              <summary>{countOf(idle.length, 'activité')} sans groupe ce jour-là</summary>
              <Stack gap="3" mt="3">
                {idle.map((activity) => (
                  <ActivityTimeline key={activity._id} activity={activity} bookings={bookings} />
                ))}
              </Stack>
            </details>
          )}
        </Stack>
      )}
      <WeeklyStats />
    </AdminPage>
  );
}
